/**
 * Prices and the money math: price catalog types, cost per million tokens, break-even between two targets.
 * Plain Java; the service stores prices and calls this module.
 */
package io.costbench.pricing;
