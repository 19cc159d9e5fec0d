package io.costbench.service.plan;

import java.time.LocalDate;
import java.util.List;

import io.costbench.pricing.PurchaseOption;

/**
 * A capacity-planning question: serve {@code model} for {@code workload} at {@code demand} under {@code slo}; which
 * deployment is cheapest per month? {@code candidates} null means every priced hardware with its profiles and every
 * tensor parallelism that fits. {@code priceDate} null means today.
 */
record PlanRequest(String model, PlanWorkload workload, Demand demand, Slo slo, List<CandidateSpec> candidates,
        PurchaseOption priceOption, LocalDate priceDate, double hoursPerMonth) {

    PlanRequest {
        candidates = candidates == null ? null : List.copyOf(candidates);
    }
}
