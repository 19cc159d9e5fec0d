package io.costbench.service.dashboard;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import java.util.Locale;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.UnknownIdException;

/**
 * Measured runs of a model and workload as points on its predicted cost curves: runs pushed under the model's id or
 * one of its aliases, each on the curve of its hardware (aliases resolved) and serving profile (a run without a profile on its hardware's first curve), at the price the curves use
 * (today's on-demand), on the accelerators it was billed for at push. Lengths match within
 * {@link MeasuredOverlayProperties#lengthTolerance()}; runs without a concurrency, accelerators or throughput cannot be
 * placed and are left out.
 */
@Component
class MeasuredOverlay {

    /** A point: concurrency, USD per million output tokens, its label and the run's page. */
    record Series(String name, String target, List<List<Object>> data) {
    }

    private final JdbcClient jdbc;
    private final MeasuredOverlayProperties properties;
    private final ScenarioResolver resolver;

    MeasuredOverlay(JdbcClient jdbc, MeasuredOverlayProperties properties, ScenarioResolver resolver) {
        this.jdbc = jdbc;
        this.properties = properties;
        this.resolver = resolver;
    }

    double lengthTolerance() {
        return properties.lengthTolerance();
    }

    /** One series per target with runs on it, named "measured · " + the target's label. */
    List<Series> series(String modelId, TokenLengths workload, Collection<Target> targets, Costing costing) {
        double tolerance = properties.lengthTolerance();
        List<Run> runs = jdbc.sql("select id, hardware, profile, concurrency, billed_accelerator, billed_accelerators,"
                        + " output_throughput from measured_run where lower(model) in (:names)"
                        + " and concurrency is not null and billed_accelerators is not null and output_throughput > 0"
                        + " and input_tokens between :inMin and :inMax and output_tokens between :outMin and :outMax"
                        + " order by id desc fetch first " + properties.maxRuns() + " rows only")
                .param("names", names(modelId))
                .param("inMin", (int) Math.ceil(workload.inputTokens() * (1 - tolerance)))
                .param("inMax", (int) Math.floor(workload.inputTokens() * (1 + tolerance)))
                .param("outMin", (int) Math.ceil(workload.outputTokens() * (1 - tolerance)))
                .param("outMax", (int) Math.floor(workload.outputTokens() * (1 + tolerance)))
                .query((rs, i) -> new Run(rs.getLong("id"), rs.getString("hardware"), rs.getString("profile"),
                        rs.getInt("concurrency"), rs.getString("billed_accelerator"),
                        rs.getInt("billed_accelerators"), rs.getDouble("output_throughput")))
                .list();
        Map<Target, List<List<Object>>> byTarget = new LinkedHashMap<>();
        Map<String, String> hardwareIds = new java.util.HashMap<>();
        for (Run run : runs) {
            String hardware = hardwareIds.computeIfAbsent(run.hardware(), this::catalogHardware);
            Optional<Target> target = curveOf(hardware, run.profile(), targets);
            Optional<Price> price = costing.price(run.accelerator(), null);
            if (target.isEmpty() || price.isEmpty()) {
                continue;
            }
            double usd = CostMath.perMillion(run.accelerators() * price.get().perHour(), run.outputThroughput());
            byTarget.computeIfAbsent(target.get(), k -> new ArrayList<>()).add(List.of(run.concurrency(),
                    Math.round(usd * 10_000.0) / 10_000.0, "run #" + run.id(), "/runs/" + run.id()));
        }
        List<Series> series = new ArrayList<>();
        byTarget.forEach((target, data) -> series.add(new Series("measured · " + target.label(), target.label(),
                data)));
        return series;
    }

    private static Optional<Target> curveOf(String hardware, String profile, Collection<Target> targets) {
        List<Target> onHardware = targets.stream().filter(t -> t.hardwareId().equals(hardware)).toList();
        if (profile == null) {
            return onHardware.stream().findFirst();
        }
        return onHardware.stream().filter(t -> Objects.equals(t.profileId(), profile)).findFirst();
    }

    /** The model's id and aliases in lower case: runs are stored with the names pushed. */
    private List<String> names(String modelId) {
        List<String> names = new ArrayList<>();
        names.add(modelId.toLowerCase(Locale.ROOT));
        try {
            resolver.catalogModel(modelId).aliases().forEach(a -> names.add(a.strip().toLowerCase(Locale.ROOT)));
        } catch (UnknownIdException e) {
            // A sweep's model the catalog no longer has: its own id only.
        }
        return names;
    }

    private String catalogHardware(String hardware) {
        try {
            return resolver.hardware(hardware);
        } catch (UnknownIdException e) {
            return hardware;
        }
    }

    private record Run(long id, String hardware, String profile, int concurrency, String accelerator,
            int accelerators, double outputThroughput) {
    }
}
