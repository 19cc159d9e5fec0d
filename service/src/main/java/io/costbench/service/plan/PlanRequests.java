package io.costbench.service.plan;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.costbench.engine.model.Precision;
import io.costbench.pricing.PurchaseOption;

/**
 * Reads a plan request from its JSON object field by field, so every problem names its field ({@code
 * workload.outputTokens}, {@code slo.ttftMs.p90}, {@code candidates[2].hardware}). Malformed input (unknown fields,
 * wrong types, missing values) is a {@link Problems#malformed} 400; well-formed values that cannot be planned (zero
 * demand, out of range, a contradictory SLO) a 422.
 */
final class PlanRequests {

    static final int MAX_INPUT_TOKENS = 32_768;
    static final int MAX_OUTPUT_TOKENS = 16_384;
    static final double MAX_LENGTH_SPREAD = 0.9;
    static final double MAX_REQUESTS_PER_SECOND = 1e6;
    static final double MAX_OUTPUT_TOKENS_PER_DAY = 1e14;
    static final double MAX_LATENCY_MS = 3_600_000;
    static final double MAX_INTERACTIVITY = 10_000;
    static final double DEFAULT_HOURS_PER_MONTH = 730;
    /** Open loop unless the request says otherwise: a demand in requests per second is an arrival rate. */
    static final Arrivals DEFAULT_ARRIVALS = Arrivals.POISSON;
    static final double MIN_BURSTINESS = 0.1;
    static final double MAX_BURSTINESS = 10;
    private static final int MAX_ID_CHARS = 64;
    private static final int MAX_OPTIMIZATIONS = 32;
    private static final List<String> PERCENTILES = List.of("p50", "p90", "p99");
    private static final Map<String, String> LATENCIES = Map.of("ttftMs", "ttft_ms", "tpotMs", "tpot_ms", "e2elMs",
            "e2el_ms");

    private final Map<String, String> malformed = new LinkedHashMap<>();
    private final Map<String, String> invalid = new LinkedHashMap<>();

    private PlanRequests() {
    }

    /** @throws Problems when any field is malformed (400) or invalid (422); every offending field is listed */
    static PlanRequest fromJson(Map<String, ?> body, int maxCandidates) {
        if (body == null) {
            throw new Problems(true, Map.of("body", "a JSON object is required"));
        }
        return new PlanRequests().read(body, maxCandidates);
    }

    private PlanRequest read(Map<String, ?> body, int maxCandidates) {
        unknown("", body, Set.of("model", "workload", "demand", "slo", "candidates", "priceOption", "priceDate",
                "hoursPerMonth"));
        String model = id("model", body.get("model"), true);
        PlanWorkload workload = workload(object("workload", body.get("workload"), true));
        Demand demand = demand(object("demand", body.get("demand"), true));
        Slo slo = slo(object("slo", body.get("slo"), false));
        List<CandidateSpec> candidates = candidates(body.get("candidates"), maxCandidates);
        PurchaseOption option = PurchaseOption.ON_DEMAND;
        String optionId = text("priceOption", body.get("priceOption"));
        if (optionId != null) {
            option = PurchaseOption.fromId(optionId).orElse(null);
            if (option == null) {
                invalid.put("priceOption", "unknown purchase option " + optionId + "; known: " + String.join(", ",
                        Arrays.stream(PurchaseOption.values()).map(PurchaseOption::id).toList()));
            }
        }
        LocalDate priceDate = null;
        String date = text("priceDate", body.get("priceDate"));
        if (date != null) {
            try {
                priceDate = LocalDate.parse(date);
            } catch (DateTimeParseException e) {
                malformed.put("priceDate", "must be an ISO date such as 2026-06-01, was " + date);
            }
        }
        Double hours = number("hoursPerMonth", body.get("hoursPerMonth"), false);
        if (hours != null && !(hours >= 1 && hours <= 744)) {
            invalid.put("hoursPerMonth", "must be in 1..744 (a 31-day month), was " + hours);
        }
        if (!malformed.isEmpty()) {
            throw new Problems(true, malformed);
        }
        if (!invalid.isEmpty()) {
            throw new Problems(false, invalid);
        }
        return new PlanRequest(model, workload, demand, slo, candidates, option, priceDate,
                hours == null ? DEFAULT_HOURS_PER_MONTH : hours);
    }

    private PlanWorkload workload(Map<String, ?> fields) {
        if (fields == null) {
            return null;
        }
        unknown("workload.", fields, Set.of("inputTokens", "outputTokens", "lengthSpread"));
        Integer input = whole("workload.inputTokens", fields.get("inputTokens"), true, 1, MAX_INPUT_TOKENS);
        Integer output = whole("workload.outputTokens", fields.get("outputTokens"), true, 1, MAX_OUTPUT_TOKENS);
        Double spread = number("workload.lengthSpread", fields.get("lengthSpread"), false);
        if (spread != null && !(spread >= 0 && spread <= MAX_LENGTH_SPREAD)) {
            invalid.put("workload.lengthSpread", "must be in 0.." + MAX_LENGTH_SPREAD
                    + " (lengths drawn from [(1 - spread) x L, L]), was " + spread);
            spread = null;
        }
        return input == null || output == null ? null : new PlanWorkload(input, output, spread == null ? 0 : spread);
    }

    private Demand demand(Map<String, ?> fields) {
        if (fields == null) {
            return null;
        }
        unknown("demand.", fields, Set.of("requestsPerSecond", "outputTokensPerDay", "arrivals", "burstiness"));
        Double rps = number("demand.requestsPerSecond", fields.get("requestsPerSecond"), false);
        Double perDay = number("demand.outputTokensPerDay", fields.get("outputTokensPerDay"), false);
        Arrivals arrivals = arrivals(fields);
        Double burstiness = burstiness(fields, arrivals);
        if (rps == null && perDay == null) {
            if (!malformed.containsKey("demand.requestsPerSecond")
                    && !malformed.containsKey("demand.outputTokensPerDay")) {
                malformed.put("demand", "give requestsPerSecond or outputTokensPerDay");
            }
            return null;
        }
        if (rps != null && perDay != null) {
            invalid.put("demand", "give requestsPerSecond or outputTokensPerDay, not both");
            return null;
        }
        if (rps != null && !(rps > 0 && rps <= MAX_REQUESTS_PER_SECOND)) {
            invalid.put("demand.requestsPerSecond", "must be above 0 and at most " + (long) MAX_REQUESTS_PER_SECOND
                    + ", was " + rps);
            return null;
        }
        if (perDay != null && !(perDay > 0 && perDay <= MAX_OUTPUT_TOKENS_PER_DAY)) {
            invalid.put("demand.outputTokensPerDay", "must be above 0 and at most 1e14, was " + perDay);
            return null;
        }
        return new Demand(rps, perDay, arrivals, burstiness);
    }

    private Arrivals arrivals(Map<String, ?> fields) {
        String id = text("demand.arrivals", fields.get("arrivals"));
        if (id == null) {
            return DEFAULT_ARRIVALS;
        }
        Arrivals arrivals = Arrivals.fromId(id.trim()).orElse(null);
        if (arrivals == null) {
            invalid.put("demand.arrivals", "unknown traffic model " + id + "; known: " + String.join(", ",
                    Arrays.stream(Arrivals.values()).map(Arrivals::id).toList()));
        }
        return arrivals;
    }

    /** The gamma shape of poisson arrivals (default 1); closed loop has none. */
    private Double burstiness(Map<String, ?> fields, Arrivals arrivals) {
        Double burstiness = number("demand.burstiness", fields.get("burstiness"), false);
        if (burstiness == null) {
            return arrivals == Arrivals.POISSON ? 1.0 : null;
        }
        if (arrivals == Arrivals.CLOSED_LOOP) {
            invalid.put("demand.burstiness", "applies to poisson arrivals only (closed-loop users send when their "
                    + "last request finished)");
            return null;
        }
        if (!(burstiness >= MIN_BURSTINESS && burstiness <= MAX_BURSTINESS)) {
            invalid.put("demand.burstiness", "must be in " + MIN_BURSTINESS + ".." + (long) MAX_BURSTINESS
                    + " (gamma shape of the gaps between arrivals: 1 Poisson, below 1 burstier), was " + burstiness);
            return null;
        }
        return burstiness;
    }

    private Slo slo(Map<String, ?> fields) {
        if (fields == null) {
            return Slo.none();
        }
        unknown("slo.", fields, Set.of("ttftMs", "tpotMs", "e2elMs", "minInteractivity"));
        List<SloBound> bounds = new ArrayList<>();
        Map<String, Map<String, Double>> byMetric = new LinkedHashMap<>();
        for (String name : List.of("ttftMs", "tpotMs", "e2elMs")) {
            Map<String, ?> percentiles = object("slo." + name, fields.get(name), false);
            if (percentiles == null) {
                continue;
            }
            unknown("slo." + name + ".", percentiles, Set.copyOf(PERCENTILES));
            Map<String, Double> limits = new LinkedHashMap<>();
            for (String percentile : PERCENTILES) {
                String field = "slo." + name + "." + percentile;
                Double limit = number(field, percentiles.get(percentile), false);
                if (limit == null) {
                    continue;
                }
                if (!(limit > 0 && limit <= MAX_LATENCY_MS)) {
                    invalid.put(field, "must be above 0 and at most " + (long) MAX_LATENCY_MS + " ms, was " + limit);
                    continue;
                }
                limits.put(percentile, limit);
                bounds.add(new SloBound(LATENCIES.get(name), percentile, limit));
            }
            byMetric.put(name, limits);
            // A higher percentile can never be below a lower one, so a tighter bound on the lower one contradicts
            // nothing but says the two were swapped.
            for (int i = 0; i < PERCENTILES.size(); i++) {
                for (int j = i + 1; j < PERCENTILES.size(); j++) {
                    Double low = limits.get(PERCENTILES.get(i));
                    Double high = limits.get(PERCENTILES.get(j));
                    if (low != null && high != null && high < low) {
                        invalid.put("slo." + name + "." + PERCENTILES.get(j), String.format(Locale.ROOT,
                                "contradicts slo.%s.%s: a %s bound (%s ms) below the %s bound (%s ms) makes the "
                                        + "%s bound meaningless (%s >= %s always); swapped?", name,
                                PERCENTILES.get(i), PERCENTILES.get(j), high, PERCENTILES.get(i), low,
                                PERCENTILES.get(i), PERCENTILES.get(j), PERCENTILES.get(i)));
                    }
                }
            }
        }
        // A request's end-to-end latency includes its time to first token, so the TTFT bound would be dead.
        for (String percentile : PERCENTILES) {
            Double ttft = byMetric.getOrDefault("ttftMs", Map.of()).get(percentile);
            Double e2el = byMetric.getOrDefault("e2elMs", Map.of()).get(percentile);
            if (ttft != null && e2el != null && e2el < ttft) {
                invalid.put("slo.e2elMs." + percentile, "contradicts slo.ttftMs." + percentile + ": end-to-end "
                        + "latency (" + e2el + " ms) includes the time to first token (" + ttft + " ms)");
            }
        }
        Double interactivity = number("slo.minInteractivity", fields.get("minInteractivity"), false);
        if (interactivity != null && !(interactivity > 0 && interactivity <= MAX_INTERACTIVITY)) {
            invalid.put("slo.minInteractivity", "must be above 0 and at most " + (long) MAX_INTERACTIVITY
                    + " output tokens/s per user, was " + interactivity);
            interactivity = null;
        }
        Double medianTpot = byMetric.getOrDefault("tpotMs", Map.of()).get("p50");
        if (interactivity != null && medianTpot != null && Math.abs(1000.0 / interactivity - medianTpot) > 1e-9) {
            invalid.put("slo.minInteractivity", String.format(Locale.ROOT, "contradicts slo.tpotMs.p50: "
                    + "interactivity is 1000 / median TPOT, so %s tok/s/user means a median TPOT of %.3f ms, not %s ms;"
                    + " give one of the two", interactivity, 1000.0 / interactivity, medianTpot));
        }
        return new Slo(bounds, interactivity);
    }

    private List<CandidateSpec> candidates(Object value, int maxCandidates) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list)) {
            malformed.put("candidates", "must be a list of {hardware, profile?, tensorParallel?, precision?, "
                    + "optimizations?}");
            return null;
        }
        if (list.isEmpty() || list.size() > maxCandidates) {
            invalid.put("candidates", "must hold 1.." + maxCandidates + " candidates (omit it for every priced "
                    + "hardware), was " + list.size());
            return null;
        }
        List<CandidateSpec> candidates = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String prefix = "candidates[" + i + "]";
            Map<String, ?> fields = object(prefix, list.get(i), true);
            if (fields == null) {
                continue;
            }
            unknown(prefix + ".", fields, Set.of("hardware", "profile", "tensorParallel", "precision",
                    "optimizations"));
            String hardware = id(prefix + ".hardware", fields.get("hardware"), true);
            String profile = id(prefix + ".profile", fields.get("profile"), false);
            Integer tp = whole(prefix + ".tensorParallel", fields.get("tensorParallel"), false, 1, 64);
            if (tp != null && !PlanSimulations.TENSOR_PARALLEL.contains(tp)) {
                invalid.put(prefix + ".tensorParallel", "must be one of 1, 2, 4, 8, 16, 32, 64, was " + tp);
            }
            String precision = id(prefix + ".precision", fields.get("precision"), false);
            if (precision != null && !Precision.names().contains(precision)) {
                invalid.put(prefix + ".precision", "must be one of " + String.join(", ", Precision.names())
                        + ", was " + precision);
            }
            List<String> optimizations = optimizations(prefix + ".optimizations", fields.get("optimizations"));
            candidates.add(new CandidateSpec(hardware, profile, tp, precision, optimizations));
        }
        return candidates;
    }

    private List<String> optimizations(String field, Object value) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list) || list.size() > MAX_OPTIMIZATIONS || !list.stream()
                .allMatch(item -> item instanceof String s && !s.isBlank() && s.length() <= MAX_ID_CHARS)) {
            malformed.put(field, "must be a list of at most " + MAX_OPTIMIZATIONS + " switch ids");
            return null;
        }
        return list.stream().map(item -> ((String) item).trim()).distinct().toList();
    }

    private void unknown(String prefix, Map<String, ?> fields, Set<String> known) {
        for (String name : new TreeSet<>(fields.keySet())) {
            if (!known.contains(name)) {
                malformed.put(prefix + name, "unknown field; accepted: " + String.join(", ", new TreeSet<>(known)));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, ?> object(String field, Object value, boolean required) {
        if (value == null) {
            if (required) {
                malformed.put(field, "is required");
            }
            return null;
        }
        if (!(value instanceof Map<?, ?> map)) {
            malformed.put(field, "must be a JSON object");
            return null;
        }
        return (Map<String, ?>) map;
    }

    private String id(String field, Object value, boolean required) {
        if (value == null) {
            if (required) {
                malformed.put(field, "is required");
            }
            return null;
        }
        if (!(value instanceof String s) || s.isBlank() || s.length() > MAX_ID_CHARS) {
            malformed.put(field, "must be a non-blank string of at most " + MAX_ID_CHARS + " characters");
            return null;
        }
        return s.trim();
    }

    private String text(String field, Object value) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof String s) || s.length() > 100) {
            malformed.put(field, "must be a string of at most 100 characters");
            return null;
        }
        return s;
    }

    private Double number(String field, Object value, boolean required) {
        if (value == null) {
            if (required) {
                malformed.put(field, "is required");
            }
            return null;
        }
        if (!(value instanceof Number n) || !Double.isFinite(n.doubleValue())) {
            malformed.put(field, "must be a number");
            return null;
        }
        return n.doubleValue();
    }

    private Integer whole(String field, Object value, boolean required, int min, int max) {
        if (value == null) {
            if (required) {
                malformed.put(field, "is required");
            }
            return null;
        }
        Long whole = null;
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            whole = ((Number) value).longValue();
        } else if (value instanceof BigInteger big && big.bitLength() < 63) {
            whole = big.longValue();
        } else if (value instanceof BigDecimal decimal && decimal.stripTrailingZeros().scale() <= 0
                && decimal.abs().compareTo(BigDecimal.valueOf(1e15)) < 0) {
            whole = decimal.longValue();
        } else if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
            whole = d.longValue();
        }
        if (whole == null) {
            malformed.put(field, "must be a whole number");
            return null;
        }
        if (whole < min || whole > max) {
            invalid.put(field, "must be in " + min + ".." + max + ", was " + whole);
            return null;
        }
        return whole.intValue();
    }

    /**
     * Every offending field of a request, in request order.
     *
     * @param malformed 400 (cannot be read) rather than 422 (read, but cannot be planned)
     */
    static final class Problems extends RuntimeException {

        private final boolean malformed;
        private final Map<String, String> errors;

        Problems(boolean malformed, Map<String, String> errors) {
            super(String.join("; ", errors.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList()));
            this.malformed = malformed;
            this.errors = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(errors));
        }

        boolean malformed() {
            return malformed;
        }

        /** field -> message, in request order. */
        Map<String, String> errors() {
            return errors;
        }
    }
}
