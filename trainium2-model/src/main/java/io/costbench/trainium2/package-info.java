/**
 * The Trainium2 implementation of the engine's accelerator port: NeuronCore-V3 engines, 128x128 tiles, SBUF, HBM,
 * DMA transfers and their fixed cost, collectives, host round trips and ahead-of-time compiled shapes.
 */
package io.costbench.trainium2;
