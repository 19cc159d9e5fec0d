package io.costbench.service.validation;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.costbench.engine.port.Deployment;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * Whether a source's closed loops ran in waves or out of step. A closed loop of identical requests sent at once
 * finishes them a step apart and re-sends them together, so round after round each waits for the others' prefills;
 * the simulator keeps such waves, as a client that sends every request at once gets them. The same loop with its
 * concurrency ramped from one request over about one request's latency (AIPerf's
 * {@code --concurrency-ramp-duration}, {@link Workload#concurrencyRampSeconds}) starts its clients out of step, and
 * each request waits for little but its own prefill. Each closed-loop row is predicted both ways here: a source whose
 * measured TTFT the ramped loop matches better ran out of step, whatever its client did to get there.
 *
 * @param source     the source (see {@link Measurement#source()})
 * @param rows       its closed-loop rows (concurrency above one, fixed or drawn lengths) with a measured TTFT
 * @param ttftAsRun  median |TTFT error| with the clients sent at once, as the row was predicted
 * @param ttftLeanAsRun signed median TTFT error, the same
 * @param ttftRamped median |TTFT error| with the concurrency ramped over the row's predicted request latency
 * @param ttftLeanRamped signed median TTFT error, ramped
 * @param tpotAsRun  median |TPOT error| as run
 * @param tpotRamped median |TPOT error| ramped
 */
record ClosedLoopStart(String source, int rows, double ttftAsRun, double ttftLeanAsRun, double ttftRamped,
        double ttftLeanRamped, double tpotAsRun, double tpotRamped) {

    /** Each source with closed-loop rows, in source order. */
    static List<ClosedLoopStart> of(List<ValidationRun.Outcome> outcomes) {
        Map<String, List<RowErrors>> bySource = new LinkedHashMap<>();
        Map<Deployment, ServingSimulator> simulators = new IdentityHashMap<>();
        for (ValidationRun.Outcome o : outcomes) {
            Measurement m = o.measurement();
            Double predictedTtftMs = o.predicted().get(ValidationMetric.TTFT);
            Double predictedTpotMs = o.predicted().get(ValidationMetric.TPOT);
            Double measuredTtftMs = m.measured().get(ValidationMetric.TTFT);
            Double measuredTpotMs = m.measured().get(ValidationMetric.TPOT);
            if (o.skipReason() != null || m.concurrency() <= 1 || !m.clientRuns().isEmpty()
                    || predictedTtftMs == null || predictedTpotMs == null || measuredTtftMs == null
                    || measuredTpotMs == null || measuredTtftMs <= 0 || measuredTpotMs <= 0) {
                continue;
            }
            double latencyS = (predictedTtftMs + (m.outputTokens() - 1) * predictedTpotMs) / 1000.0;
            ServingSimulator simulator = simulators.computeIfAbsent(o.deployment(), ServingSimulator::new);
            SimulationResult ramped;
            try {
                ramped = simulator.run(ValidationRun.workloadOf(m).withConcurrencyRamp(latencyS));
            } catch (IllegalArgumentException e) {
                // A ramped run the simulator refuses (its budget) is left out, as a refused row is left out above.
                continue;
            }
            bySource.computeIfAbsent(m.source(), k -> new ArrayList<>()).add(new RowErrors(
                    (predictedTtftMs - measuredTtftMs) / measuredTtftMs,
                    (ramped.metric(ValidationMetric.TTFT.simulatorMetric()) - measuredTtftMs) / measuredTtftMs,
                    (predictedTpotMs - measuredTpotMs) / measuredTpotMs,
                    (ramped.metric(ValidationMetric.TPOT.simulatorMetric()) - measuredTpotMs) / measuredTpotMs));
        }
        List<ClosedLoopStart> starts = new ArrayList<>();
        bySource.forEach((source, rows) -> starts.add(new ClosedLoopStart(source, rows.size(),
                median(rows, RowErrors::ttftAsRun, true), median(rows, RowErrors::ttftAsRun, false),
                median(rows, RowErrors::ttftRamped, true), median(rows, RowErrors::ttftRamped, false),
                median(rows, RowErrors::tpotAsRun, true), median(rows, RowErrors::tpotRamped, true))));
        return starts;
    }

    /** One row's signed relative errors, (predicted - measured) / measured, sent at once and ramped. */
    private record RowErrors(double ttftAsRun, double ttftRamped, double tpotAsRun, double tpotRamped) {
    }

    private static double median(List<RowErrors> rows, ToDoubleFunction<RowErrors> error, boolean absolute) {
        return Medians.of(rows.stream().map(r -> absolute ? Math.abs(error.applyAsDouble(r))
                : error.applyAsDouble(r)).toList());
    }
}
