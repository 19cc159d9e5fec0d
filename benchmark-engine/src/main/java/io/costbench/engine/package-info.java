/**
 * The benchmark engine: model specs read from Hugging Face config.json, the per-step operator graph, the
 * {@code AcceleratorModel} port that prices a step, and the serving simulator that runs a workload like vllm bench serve.
 */
package io.costbench.engine;
