package io.costbench.service.run;

import org.springframework.stereotype.Component;

/**
 * NVIDIA GenAI-Perf {@code profile_export_genai_perf.json}; the shape AIPerf kept (see {@link ProfileExportAdapter}).
 * The two tools report different TTFT for the same configuration (aiperf#339), so they stay distinct formats.
 */
@Component
class GenaiPerfAdapter extends ProfileExportAdapter {

    @Override
    public RunFormat format() {
        return RunFormat.GENAI_PERF;
    }
}
