package io.costbench.service.plan;

import java.util.List;

/** One deployment to consider; null fields take the serving profile's default. */
record CandidateSpec(String hardware, String profile, Integer tensorParallel, String precision,
        List<String> optimizations) {

    CandidateSpec {
        optimizations = optimizations == null ? null : List.copyOf(optimizations);
    }
}
