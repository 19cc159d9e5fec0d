package io.costbench.service.validation;

/** What a measurement is compared on, and the simulator metric (vLLM's name) it is compared with. */
public enum ValidationMetric {
    TPOT("mean_tpot_ms"),
    TTFT("mean_ttft_ms"),
    OUTPUT_THROUGHPUT("output_throughput");

    private final String simulatorMetric;

    ValidationMetric(String simulatorMetric) {
        this.simulatorMetric = simulatorMetric;
    }

    public String simulatorMetric() {
        return simulatorMetric;
    }
}
