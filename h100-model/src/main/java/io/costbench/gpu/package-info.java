/**
 * The GPU implementation of the engine's accelerator port (H100, H200): a shape-aware roofline with kernel-launch,
 * CUDA-graph, scheduler and NCCL all-reduce overheads, for the vLLM and TensorRT-LLM serving profiles.
 */
package io.costbench.gpu;
