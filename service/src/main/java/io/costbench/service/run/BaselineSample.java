package io.costbench.service.run;

/** What judging a run reads of each baseline run: its id and metrics (JSON), not the whole row. */
record BaselineSample(Long id, String metricsJson) {
}
