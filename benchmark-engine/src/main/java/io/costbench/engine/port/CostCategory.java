package io.costbench.engine.port;

/** Where the time of a step goes. */
public enum CostCategory {
    /** Tensor/vector/CUDA-core arithmetic. */
    COMPUTE,
    /** Bytes over HBM bandwidth. */
    MEMORY,
    /** Fixed per-transfer DMA cost (descriptor generation, sync): Trainium's small-transfer tax. */
    DMA_FIXED,
    /** Collectives over the tensor-parallel group. */
    COMMUNICATION,
    /** Host work on the critical path: logits transfer, host sampling, scheduling. */
    HOST,
    /** Runtime and launch overheads: kernel launches, per-instruction and per-step costs. */
    OVERHEAD
}
