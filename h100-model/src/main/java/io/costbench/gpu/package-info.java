/**
 * The GPU implementation of the engine's accelerator port (H100, H200): a shape-aware roofline with kernel-launch,
 * CUDA-graph, scheduler and all-reduce costs (ring traffic, or one-shot where the engine runs it), for the vLLM,
 * TensorRT-LLM and SGLang serving profiles.
 */
package io.costbench.gpu;
