package io.costbench.service.run;

import org.springframework.stereotype.Component;

/** NVIDIA AIPerf {@code profile_export_aiperf.json}; the shape is GenAI-Perf's (see {@link ProfileExportAdapter}). */
@Component
class AiperfAdapter extends ProfileExportAdapter {

    @Override
    public RunFormat format() {
        return RunFormat.AIPERF;
    }
}
