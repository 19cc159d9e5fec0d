package io.costbench.trainium2;

import java.util.List;
import java.util.Map;

import io.costbench.engine.data.DataFiles;
import io.costbench.engine.port.SpeculativeDecoding;

/** A trained EAGLE-3 draft head for one target model: its size and its acceptance by draft position. */
record DraftHead(String targetModelId, String model, int layers, int hiddenSize, int intermediateSize, int vocabSize,
        SpeculativeDecoding speculative, String source) {

    static final String RESOURCE = "catalog/trainium2/eagle3-drafts.json";

    @SuppressWarnings("unchecked")
    static Map<String, DraftHead> load() {
        Map<String, Object> root = DataFiles.object(RESOURCE);
        Map<String, Object> drafts = (Map<String, Object>) root.get("drafts");
        java.util.LinkedHashMap<String, DraftHead> out = new java.util.LinkedHashMap<>();
        drafts.forEach((id, raw) -> {
            Map<String, Object> d = (Map<String, Object>) raw;
            List<Double> acceptance = ((List<Number>) d.get("acceptanceByPosition")).stream()
                    .map(Number::doubleValue).toList();
            SpeculativeDecoding spec = new SpeculativeDecoding("eagle3", ((Number) d.get("draftTokens")).intValue(),
                    acceptance);
            out.put(id, new DraftHead(id, (String) d.get("draftModel"), ((Number) d.get("draftLayers")).intValue(),
                    ((Number) d.get("draftHiddenSize")).intValue(), ((Number) d.get("draftIntermediateSize")).intValue(),
                    ((Number) d.get("draftVocabSize")).intValue(), spec, (String) d.get("source")));
        });
        return Map.copyOf(out);
    }
}
