package io.costbench.gpu;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which steps an engine replays from CUDA graphs, read from a profile's {@code "cudaGraphs"} entry: the decode batch
 * sizes it captures (null: every size up to the profile's {@code cudaGraphMaxBatch}, batches padded up to the next
 * captured one) and whether steps carrying prompt tokens replay graphs too (piecewise graphs around attention).
 * Every other step runs eagerly, launched from the host operator by operator.
 *
 * @param decodeBatchSizes captured decode batch sizes; null when the engine pads to a captured size
 * @param mixedSteps       prefill and mixed steps up to the capture size replay piecewise graphs
 */
record CudaGraphCapture(Set<Integer> decodeBatchSizes, boolean mixedSteps) {

    CudaGraphCapture {
        decodeBatchSizes = decodeBatchSizes == null ? null : Set.copyOf(decodeBatchSizes);
    }

    @SuppressWarnings("unchecked")
    static CudaGraphCapture of(String profileId, Object entry) {
        if (!(entry instanceof Map<?, ?> map) || !(map.get("mixedSteps") instanceof Boolean mixed)
                || !(map.get("source") instanceof String)) {
            throw new IllegalStateException(profileId + ": \"cudaGraphs\" needs mixedSteps and a source");
        }
        Object sizes = map.get("decodeBatchSizes");
        if (sizes == null) {
            return new CudaGraphCapture(null, mixed);
        }
        return new CudaGraphCapture(((List<Number>) sizes).stream().map(Number::intValue).collect(Collectors.toSet()),
                mixed);
    }

    /** The same capture with batches padded up to a captured size (TensorRT-LLM enable_padding). */
    CudaGraphCapture padded() {
        return new CudaGraphCapture(null, mixedSteps);
    }

    /** Whether a step of this many tokens and decode sequences replays a graph (attention aside). */
    boolean replays(int tokens, int decodeSequences, boolean decodeOnly, double maxBatch) {
        if (tokens > maxBatch) {
            return false;
        }
        if (!decodeOnly) {
            return mixedSteps;
        }
        return decodeBatchSizes == null || decodeBatchSizes.contains(decodeSequences);
    }
}
