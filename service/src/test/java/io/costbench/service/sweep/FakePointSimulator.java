package io.costbench.service.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.costbench.engine.port.DoesNotFitException;
import io.costbench.service.web.FieldProblem;

/**
 * Stands in for the performance models, steered by the model id: "huge*" does not fit, "boom*" throws, "slow*" takes
 * 100 ms, "unknown*" is not in its catalog; anything else returns metrics derived from the scenario.
 */
class FakePointSimulator implements PointSimulator {

    final AtomicInteger calls = new AtomicInteger();

    @Override
    public List<FieldProblem> unknownIds(SweepDefinition definition) {
        List<FieldProblem> problems = new ArrayList<>();
        for (int i = 0; i < definition.models().size(); i++) {
            if (definition.models().get(i).startsWith("unknown")) {
                problems.add(new FieldProblem("models[" + i + "]", "unknown model " + definition.models().get(i)));
            }
        }
        return problems;
    }

    @Override
    public PointOutcome simulate(SweepScenario scenario) {
        calls.incrementAndGet();
        String model = scenario.model();
        if (model.startsWith("huge")) {
            throw new DoesNotFitException(model + " needs 80 GB, 24 GB available", 80e9, 24e9);
        }
        if (model.startsWith("boom")) {
            throw new IllegalStateException("boom: simulated failure at concurrency " + scenario.concurrency());
        }
        if (model.startsWith("slow")) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        double tpot = 10 + scenario.concurrency() * 0.1;
        double output = scenario.concurrency() * 1000 / tpot;
        return new PointOutcome(1, 1, "BF16", "f".repeat(64), Map.of(
                "output_throughput", output,
                "total_token_throughput", output * (scenario.inputTokens() + scenario.outputTokens())
                        / scenario.outputTokens(),
                "median_ttft_ms", 50.0 + scenario.inputTokens() / 100.0,
                "median_tpot_ms", tpot,
                "request_throughput", output / scenario.outputTokens()));
    }

    @Override
    public String catalogVersion() {
        return "fake-catalog-1";
    }
}
