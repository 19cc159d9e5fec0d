package io.costbench.service.prediction.api;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static io.costbench.service.prediction.ScenarioLimits.MAX_CONCURRENCY;
import static io.costbench.service.prediction.ScenarioLimits.MAX_CONCURRENCY_RAMP_SECONDS;
import static io.costbench.service.prediction.ScenarioLimits.MAX_PROMPTS;
import static io.costbench.service.prediction.ScenarioLimits.MAX_SIMULATED_TOKENS;
import static io.costbench.service.prediction.ScenarioLimits.MAX_TENSOR_PARALLEL;
import static io.costbench.service.prediction.ScenarioLimits.MAX_TOKENS;
import static io.costbench.service.prediction.ScenarioLimits.TENSOR_PARALLEL;

import io.costbench.engine.model.Precision;
import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.LengthDistribution;
import io.costbench.pricing.PurchaseOption;
import io.costbench.service.prediction.PromptRule;
import io.costbench.service.web.BadInputException;
import io.costbench.service.web.FieldProblem;
import io.costbench.service.web.InvalidFieldsException;

/**
 * Reads a {@link PredictionRequest} from a JSON object or from query parameters, field by field, so every problem
 * names its field: unknown fields, wrong types, missing required values and numbers out of range are all 400s
 * listing every offending field (the first also as {@code field}).
 */
final class PredictionRequests {

    static final List<String> PRECISIONS = Precision.names();
    static final Set<String> KV_CACHE_DTYPES = Set.of("auto", "bf16", "fp8");
    /** The datasets whose lengths a prediction draws, by {@code vllm bench serve --dataset-name}. */
    static final Map<String, DatasetLengths> DATASETS = Map.of("sharegpt", DatasetLengths.shareGpt());
    private static final int MAX_OPTIMIZATIONS = 32;
    private static final int MAX_ID_CHARS = 64;
    private static final int MAX_CONTEXT_BUCKETS = 32;

    static final Set<String> FIELDS = Set.of("model", "hardware", "profile", "tensorParallel", "precision",
            "inputTokens", "outputTokens", "concurrency", "numPrompts", "seed", "optimizations", "priceOption",
            "priceDate", "compiledBatchSize", "maxSequenceTokens", "contextBuckets", "kvCacheDtype",
            "randomRangeRatio", "dataset", "concurrencyRampSeconds");

    private final Map<String, ?> fields;
    private final boolean fromQuery;
    private final Map<String, String> errors = new LinkedHashMap<>();

    private PredictionRequests(Map<String, ?> fields, boolean fromQuery) {
        this.fields = fields;
        this.fromQuery = fromQuery;
    }

    static PredictionRequest fromJson(Map<String, ?> body) {
        if (body == null) {
            throw BadInputException.badRequest(null, "a JSON object is required");
        }
        return new PredictionRequests(body, false).read();
    }

    /** Query parameters: single values as strings; optimizations repeated or comma-separated. */
    static PredictionRequest fromQuery(Map<String, List<String>> parameters) {
        Map<String, Object> fields = new LinkedHashMap<>();
        parameters.forEach((name, values) -> {
            if ("contextBuckets".equals(name)) {
                List<Object> all = new ArrayList<>();
                values.forEach(v -> Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                        .forEach(all::add));
                fields.put(name, all);
            } else if ("optimizations".equals(name)) {
                List<String> all = new ArrayList<>();
                values.forEach(v -> Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty())
                        .forEach(all::add));
                fields.put(name, all);
            } else {
                fields.put(name, values.size() == 1 ? values.get(0) : values);
            }
        });
        return new PredictionRequests(fields, true).read();
    }

    private PredictionRequest read() {
        Set<String> unknown = new TreeSet<>(fields.keySet());
        unknown.removeAll(FIELDS);
        unknown.forEach(name -> errors.put(name, "unknown field; accepted: " + String.join(", ", new TreeSet<>(FIELDS))));

        String model = id("model", true);
        String hardware = id("hardware", true);
        String profile = id("profile", false);
        Integer tp = integer("tensorParallel", false, 1, MAX_TENSOR_PARALLEL);
        if (tp != null && !TENSOR_PARALLEL.contains(tp)) {
            errors.put("tensorParallel", "must be one of 1, 2, 4, 8, 16, 32, 64, was " + tp);
        }
        String precision = id("precision", false);
        if (precision != null && !PRECISIONS.contains(precision)) {
            errors.put("precision", "must be one of " + String.join(", ", PRECISIONS) + ", was " + precision);
        }
        Integer input = integer("inputTokens", true, 1, MAX_TOKENS);
        Integer output = integer("outputTokens", true, 1, MAX_TOKENS);
        Integer concurrency = integer("concurrency", true, 1, MAX_CONCURRENCY);
        Integer prompts = integer("numPrompts", false, 1, MAX_PROMPTS);
        Long seed = seed();
        List<String> optimizations = optimizations();
        String kvCacheDtype = id("kvCacheDtype", false);
        if (kvCacheDtype != null && !KV_CACHE_DTYPES.contains(kvCacheDtype)) {
            errors.put("kvCacheDtype", "must be auto, bf16 or fp8, was " + kvCacheDtype);
        }
        String priceOption = text("priceOption");
        if (priceOption != null && PurchaseOption.fromId(priceOption).isEmpty()) {
            errors.put("priceOption", "unknown purchase option " + priceOption + "; known: " + String.join(", ",
                    Arrays.stream(PurchaseOption.values()).map(PurchaseOption::id).toList()));
        }
        String priceDate = text("priceDate");
        if (priceDate != null) {
            try {
                LocalDate.parse(priceDate);
            } catch (DateTimeParseException e) {
                errors.put("priceDate", "must be an ISO date such as 2026-06-01, was " + priceDate);
            }
        }
        Integer compiledBatch = integer("compiledBatchSize", false, 1, MAX_CONCURRENCY);
        Integer maxSequence = integer("maxSequenceTokens", false, 1, 2 * MAX_TOKENS);
        if (maxSequence != null && input != null && output != null && maxSequence < input + output) {
            errors.put("maxSequenceTokens", "must be at least inputTokens + outputTokens = " + (input + output)
                    + ", was " + maxSequence);
        }
        List<Integer> buckets = contextBuckets();
        Double rangeRatio = rangeRatio();
        Double rampSeconds = concurrencyRampSeconds();
        String datasetId = id("dataset", false);
        DatasetLengths dataset = datasetId == null ? null : DATASETS.get(datasetId);
        if (datasetId != null && dataset == null) {
            errors.put("dataset", "must be one of " + String.join(", ", new TreeSet<>(DATASETS.keySet()))
                    + " (vllm bench serve --dataset-name whose lengths are drawn), was " + datasetId);
        } else if (dataset != null && rangeRatio != null) {
            errors.put("dataset", "a " + datasetId + " run draws no random lengths: give the dataset or a"
                    + " randomRangeRatio, not both");
        } else if (dataset != null && input != null && output != null && !dataset.holds(input, output)) {
            errors.put("dataset", dataset.name() + "'s sampler sends prompts of " + dataset.minTokens() + ".."
                    + dataset.maxPromptTokens() + " tokens and at most " + dataset.maxTotalTokens()
                    + " tokens a request, so inputTokens " + input + " and outputTokens " + output
                    + " cannot be its means");
        }
        if (input != null && output != null && concurrency != null) {
            long n = prompts != null ? prompts : PromptRule.DEFAULT.promptsAt(concurrency);
            // The longest requests a range ratio draws bound the budget, as the simulator counts what it is sent; a
            // dataset's draws each hold the stated total.
            double longest = rangeRatio == null ? 1 : 1 + rangeRatio;
            int runs = dataset == null ? 1 : dataset.runsOf((int) n);
            long tokens = (long) Math.ceil(n * (input + (long) output) * longest) * runs;
            if (tokens > MAX_SIMULATED_TOKENS) {
                errors.putIfAbsent("numPrompts", "numPrompts x (inputTokens + outputTokens)"
                        + (rangeRatio == null ? "" : " x (1 + randomRangeRatio)")
                        + (dataset == null ? "" : " x " + runs + " draws") + " must stay within "
                        + MAX_SIMULATED_TOKENS + " simulated tokens, was " + tokens);
            }
            if (dataset != null && maxSequence != null && maxSequence < dataset.maxTotalTokens()
                    && dataset.holds(input, output)) {
                errors.put("maxSequenceTokens", "must hold the longest request " + dataset.name() + "'s sampler"
                        + " sends, " + dataset.maxTotalTokens() + " tokens, was " + maxSequence);
            }
            if (rangeRatio != null && maxSequence != null) {
                long longestRequest = (long) LengthDistribution.vllmRandom(input, rangeRatio).maxTokens()
                        + LengthDistribution.vllmRandom(output, rangeRatio).maxTokens();
                if (longestRequest > maxSequence) {
                    errors.put("maxSequenceTokens", "must hold the longest request randomRangeRatio draws, "
                            + longestRequest + " tokens, was " + maxSequence);
                }
            }
        }
        if (!errors.isEmpty()) {
            throw invalid(errors);
        }
        return new PredictionRequest(model, hardware, profile, tp, precision, input, output, concurrency, prompts,
                seed, optimizations, priceOption, priceDate, compiledBatch, maxSequence, buckets,
                kvCacheDtype, rangeRatio, dataset == null ? null : datasetId, rampSeconds);
    }

    /** vllm bench serve's --random-range-ratio: a number in [0, 1), null when absent. */
    private Double rangeRatio() {
        Double ratio = number("randomRangeRatio");
        if (ratio != null && !(ratio >= 0 && ratio < 1)) {
            errors.put("randomRangeRatio", "must be a number in [0, 1) (vllm bench serve --random-range-ratio), was "
                    + fields.get("randomRangeRatio"));
            return null;
        }
        return ratio;
    }

    /** AIPerf's --concurrency-ramp-duration: a number of seconds in (0, a day], null when absent. */
    private Double concurrencyRampSeconds() {
        Double seconds = number("concurrencyRampSeconds");
        if (seconds != null && !(seconds > 0 && seconds <= MAX_CONCURRENCY_RAMP_SECONDS)) {
            errors.put("concurrencyRampSeconds", "must be a number of seconds in (0, "
                    + (long) MAX_CONCURRENCY_RAMP_SECONDS + "] (AIPerf --concurrency-ramp-duration), was "
                    + fields.get("concurrencyRampSeconds"));
            return null;
        }
        return seconds;
    }

    /** The number at {@code name} (a query's text parsed), null when absent, NaN when it is not a number. */
    private Double number(String name) {
        Object value = fields.get(name);
        if (value == null) {
            return null;
        }
        if (fromQuery && value instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                return Double.NaN;
            }
        }
        return value instanceof Number number ? number.doubleValue() : Double.NaN;
    }

    private static InvalidFieldsException invalid(Map<String, String> errors) {
        return InvalidFieldsException.badRequest(errors.entrySet().stream()
                .map(error -> new FieldProblem(error.getKey(), error.getValue())).toList());
    }

    private String id(String name, boolean required) {
        Object value = fields.get(name);
        if (value == null) {
            if (required) {
                errors.put(name, "is required");
            }
            return null;
        }
        if (!(value instanceof String s) || s.isBlank()) {
            errors.put(name, "must be a non-blank string");
            return null;
        }
        if (s.length() > MAX_ID_CHARS) {
            errors.put(name, "must be at most " + MAX_ID_CHARS + " characters");
            return null;
        }
        return s.trim();
    }

    private String text(String name) {
        Object value = fields.get(name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof String s) || s.length() > 100) {
            errors.put(name, "must be a string of at most 100 characters");
            return null;
        }
        return s;
    }

    private Integer integer(String name, boolean required, int min, int max) {
        Long value = whole(name, required);
        if (value == null) {
            return null;
        }
        if (value < min || value > max) {
            errors.put(name, "must be in " + min + ".." + max + ", was " + value);
            return null;
        }
        return value.intValue();
    }

    private Long seed() {
        Long value = whole("seed", false);
        if (value != null && value < 0) {
            errors.put("seed", "must be >= 0, was " + value);
            return null;
        }
        return value;
    }

    /** A whole number: a JSON integer, or in a query a decimal string. */
    private Long whole(String name, boolean required) {
        Object value = fields.get(name);
        if (value == null) {
            if (required) {
                errors.put(name, "is required");
            }
            return null;
        }
        try {
            if (fromQuery && value instanceof String s) {
                return Long.parseLong(s.trim());
            }
            if (value instanceof Integer || value instanceof Long || value instanceof Short) {
                return ((Number) value).longValue();
            }
            if (value instanceof BigInteger big) {
                return big.longValueExact();
            }
            if (value instanceof BigDecimal decimal) {
                return decimal.longValueExact();
            }
            if (value instanceof Double d && d == Math.rint(d) && Math.abs(d) < 1e15) {
                return d.longValue();
            }
        } catch (NumberFormatException | ArithmeticException e) {
            // fall through to the message below
        }
        errors.put(name, "must be a whole number");
        return null;
    }

    /** Compiled context buckets: a list (JSON) or comma-separated (query) of at most 32 token counts. */
    private List<Integer> contextBuckets() {
        Object value = fields.get("contextBuckets");
        if (value == null) {
            return null;
        }
        List<Integer> buckets = new ArrayList<>();
        if (value instanceof List<?> list && !list.isEmpty() && list.size() <= MAX_CONTEXT_BUCKETS) {
            for (Object item : list) {
                Long n = item instanceof Number number && number.doubleValue() == Math.rint(number.doubleValue())
                        ? Long.valueOf(number.longValue()) : item instanceof String s && s.matches("\\d{1,7}")
                        ? Long.valueOf(s) : null;
                if (n == null || n < 1 || n > 2L * MAX_TOKENS) {
                    buckets = null;
                    break;
                }
                buckets.add(n.intValue());
            }
        } else {
            buckets = null;
        }
        if (buckets == null) {
            errors.put("contextBuckets", "must be a list of 1.." + MAX_CONTEXT_BUCKETS + " token counts, each in 1.."
                    + 2 * MAX_TOKENS);
        }
        return buckets;
    }

    private List<String> optimizations() {
        Object value = fields.get("optimizations");
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list) || list.size() > MAX_OPTIMIZATIONS
                || !list.stream().allMatch(item -> item instanceof String s && !s.isBlank() && s.length() <= MAX_ID_CHARS)) {
            errors.put("optimizations", "must be a list of at most " + MAX_OPTIMIZATIONS + " switch ids");
            return null;
        }
        return list.stream().map(item -> ((String) item).trim()).distinct().toList();
    }
}
