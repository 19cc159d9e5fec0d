package io.costbench.service.run;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;

import org.springframework.stereotype.Component;

import io.costbench.engine.sim.DatasetLengths;
import io.costbench.engine.sim.LengthDistribution;
import io.costbench.engine.sim.RampUp;
import io.costbench.engine.sim.RequestLengths;
import io.costbench.service.web.BadInputException;
import io.costbench.service.web.FieldProblem;
import io.costbench.service.web.InvalidFieldsException;
import io.costbench.service.web.JsonPaths;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns a push (a JSON envelope, or a multipart upload of the raw file) into a {@link PushCommand}: parses it,
 * picks the adapter, reads the runs, validates the context and resolves each run's scenario. Every problem is a
 * 4xx naming the field, raised before anything is stored.
 */
@Component
class PushRequestReader {

    private static final Set<String> ENVELOPE_FIELDS = Set.of("format", "context", "result");
    private static final Set<String> CONTEXT_FIELDS = Arrays.stream(RunContext.class.getRecordComponents())
            .map(component -> component.getName()).collect(Collectors.toUnmodifiableSet());
    private static final Pattern IDEMPOTENCY_KEY = Pattern.compile("[\\x21-\\x7E]{1,200}");

    /**
     * Lenient where the tools are (Python writes NaN and Infinity; they are then refused per field, with its
     * name), strict where a typo would silently change meaning (unknown context fields, duplicate keys).
     */
    private final JsonMapper mapper = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
    private final Map<RunFormat, ResultAdapter> adapters = new EnumMap<>(RunFormat.class);
    private final Validator validator;
    private final RunsProperties properties;
    private final RunCosting costing;

    PushRequestReader(List<ResultAdapter> adapters, Validator validator, RunsProperties properties,
            RunCosting costing) {
        adapters.forEach(adapter -> this.adapters.put(adapter.format(), adapter));
        this.validator = validator;
        this.properties = properties;
        this.costing = costing;
    }

    /** The JSON envelope {@code {"format", "context", "result"}}, with the body's bytes as sent. */
    PushCommand fromJson(byte[] body, String idempotencyKey) {
        String text = new String(body, StandardCharsets.UTF_8);
        JsonNode root = parse(text, "");
        if (!root.isObject()) {
            throw BadInputException.badRequest(null, "The body must be a JSON object {format, context, result}");
        }
        for (String name : root.propertyNames()) {
            if (!ENVELOPE_FIELDS.contains(name)) {
                throw BadInputException.badRequest(name, "unknown field; expected format, context and result");
            }
        }
        RunFormat format = format(root.get("format") == null || !root.get("format").isString() ? null
                : root.get("format").asString());
        JsonNode contextNode = root.get("context");
        if (contextNode == null || !contextNode.isObject()) {
            throw BadInputException.unprocessable("context", "is required and must be an object");
        }
        RunContext context = context(contextNode);
        JsonNode result = root.get("result");
        if (result == null || result.isNull()) {
            throw BadInputException.unprocessable("result", "is required: the tool's result file content");
        }
        List<ParsedRun> runs;
        String raw;
        if (result.isString()) {
            raw = result.asString();
            runs = readText(format, raw, "result");
        } else {
            raw = verbatimResult(text);
            runs = read(format, List.of(result), "result");
        }
        return command(format, context, runs, raw, sha256(body), idempotencyKey);
    }

    /** A multipart upload: the raw file as part {@code file}, format and context as form fields. */
    PushCommand fromMultipart(byte[] file, Map<String, List<String>> fields, String idempotencyKey) {
        ObjectNode contextNode = mapper.createObjectNode();
        String formatName = null;
        for (Map.Entry<String, List<String>> field : new TreeMap<>(fields).entrySet()) {
            if (field.getValue().size() != 1) {
                throw BadInputException.badRequest(field.getKey(), "must be given exactly once");
            }
            String value = field.getValue().get(0);
            if (field.getKey().equals("format")) {
                formatName = value;
            } else if (CONTEXT_FIELDS.contains(field.getKey())) {
                if (!value.isEmpty()) {
                    contextNode.put(field.getKey(), value);
                }
            } else {
                throw BadInputException.badRequest(field.getKey(), "unknown form field; expected format, file and"
                        + " the context fields " + new java.util.TreeSet<>(CONTEXT_FIELDS));
            }
        }
        RunFormat format = format(formatName);
        RunContext context = context(contextNode);
        if (file == null || file.length == 0) {
            throw BadInputException.unprocessable("file", "is required: the tool's result file");
        }
        String raw = new String(file, StandardCharsets.UTF_8);
        List<ParsedRun> runs = readText(format, raw, "file");
        String canonicalFields = fields.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(entry -> entry.getKey() + "=" + entry.getValue()).collect(Collectors.joining("\n"));
        byte[] hashed = (canonicalFields + "\n\n" + raw).getBytes(StandardCharsets.UTF_8);
        return command(format, context, runs, raw, sha256(hashed), idempotencyKey);
    }

    private PushCommand command(RunFormat format, RunContext context, List<ParsedRun> runs, String raw,
            String sha256, String idempotencyKey) {
        if (idempotencyKey != null && !IDEMPOTENCY_KEY.matcher(idempotencyKey).matches()) {
            throw BadInputException.badRequest("Idempotency-Key", "must be 1 to 200 visible ASCII characters");
        }
        if (context.randomRangeRatio() != null && format != RunFormat.VLLM) {
            throw BadInputException.unprocessable("context.randomRangeRatio", "is vllm bench serve's range ratio, which"
                    + " its file does not record; a " + format.wireName() + " file states its own lengths");
        }
        if (context.dataset() != null && format != RunFormat.VLLM) {
            throw BadInputException.unprocessable("context.dataset", "is vllm bench serve's --dataset-name, which its"
                    + " file does not record; a " + format.wireName() + " file states its own lengths");
        }
        if (context.dataset() != null && context.randomRangeRatio() != null) {
            throw BadInputException.unprocessable("context.dataset", "a " + context.dataset() + " run draws no random"
                    + " lengths: state the dataset or a randomRangeRatio, not both");
        }
        List<PushCommand.ResolvedRun> resolved = new ArrayList<>();
        for (ParsedRun run : runs) {
            ParsedRun stated = withContextSpread(context, run);
            resolved.add(new PushCommand.ResolvedRun(stated, scenario(format, context, stated)));
        }
        return new PushCommand(format, context, resolved, raw, sha256, idempotencyKey);
    }

    /**
     * A vLLM random-dataset run with the context's {@code randomRangeRatio}: its client drew each request's lengths
     * around the stated ones as {@link LengthDistribution#vllmRandom} does; a ShareGPT run (the context's
     * {@code dataset}) sent ShareGPT's lengths ({@link DatasetLengths#shareGpt}); neither where the file lists them (a
     * detailed file's own lengths are the better record).
     */
    private static ParsedRun withContextSpread(RunContext context, ParsedRun run) {
        if (context.dataset() != null && run.client().lengths() == null) {
            return run.withClient(run.client().sampling(DatasetLengths.shareGpt()));
        }
        Integer input = context.inputTokens() != null ? context.inputTokens() : run.inputTokens();
        Integer output = context.outputTokens() != null ? context.outputTokens() : run.outputTokens();
        if (context.randomRangeRatio() == null || run.client().lengths() != null || input == null || output == null
                || input < 1 || output < 1) {
            return run;
        }
        return run.withClient(run.client().withDrawn(DrawnLengths.of(
                LengthDistribution.vllmRandom(input, context.randomRangeRatio()),
                LengthDistribution.vllmRandom(output, context.randomRangeRatio()))));
    }

    /**
     * The scenario: the file's configured concurrency and rate are facts of the run; the context fills what the
     * file does not say and must not contradict it. The workload (prompt and output lengths) is the context's when
     * given, since files only report measured means.
     */
    private static RunScenario scenario(RunFormat format, RunContext context, ParsedRun run) {
        bounded(run, "inputTokens", run.inputTokens(), RunContext.MAX_TOKENS);
        bounded(run, "outputTokens", run.outputTokens(), RunContext.MAX_TOKENS);
        bounded(run, "concurrency", run.concurrency(), RunContext.MAX_CONCURRENCY);
        if (run.requestRate() != null && !(run.requestRate() > 0 && run.requestRate() <= RunContext.MAX_REQUEST_RATE)) {
            throw BadInputException.unprocessable("result", run.label() + " states a request rate of "
                    + run.requestRate() + "; the limit is 0 < rate <= " + (long) RunContext.MAX_REQUEST_RATE);
        }
        RequestLengths replayed = run.client().lengths();
        if (replayed != null) {
            bounded(run, "inputTokens", replayed.maxInputTokens(), RunContext.MAX_TOKENS);
            bounded(run, "outputTokens", replayed.maxOutputTokens(), RunContext.MAX_TOKENS);
        }
        RampUp ramp = run.client().rampUp();
        if (ramp != null && ramp.endPerSecond() > RunContext.MAX_REQUEST_RATE) {
            throw BadInputException.unprocessable("result", run.label() + " states a ramp-up to "
                    + ramp.endPerSecond() + " requests/s; the limit is " + (long) RunContext.MAX_REQUEST_RATE);
        }
        if (context.concurrency() != null && run.concurrency() != null
                && !context.concurrency().equals(run.concurrency())) {
            throw BadInputException.unprocessable("context.concurrency", "is " + context.concurrency()
                    + " but " + run.label() + " states a concurrency of " + run.concurrency());
        }
        Integer concurrency = run.concurrency() != null ? run.concurrency() : context.concurrency();
        String engine = context.engine() != null ? context.engine()
                : format == RunFormat.VLLM || format == RunFormat.SGLANG ? format.wireName() : null;
        return new RunScenario(context.model().strip(), context.hardware().strip(), context.profile(),
                context.tensorParallel(), context.precision(),
                context.inputTokens() != null ? context.inputTokens() : run.inputTokens(),
                context.outputTokens() != null ? context.outputTokens() : run.outputTokens(),
                concurrency, run.requestRate(), ramp == null ? null : ramp.label(), run.client().rangeRatio(),
                run.client().drawn() == null ? null : run.client().drawn().label(), engine, context.engineVersion());
    }

    /** Numbers read from a file pass the limits of the context field of the same name. */
    private static void bounded(ParsedRun run, String field, Integer value, int max) {
        if (value != null && (value < 1 || value > max)) {
            throw BadInputException.unprocessable("result", run.label() + " states " + field + " " + value
                    + "; the limit is 1.." + max + " (as for context." + field + ")");
        }
    }

    private RunFormat format(String name) {
        if (name == null) {
            throw BadInputException.unprocessable("format", "is required: one of " + formatNames());
        }
        return RunFormat.fromWireName(name).filter(adapters::containsKey).orElseThrow(
                () -> BadInputException.unprocessable("format", "unknown format '" + name + "'; one of "
                        + formatNames()));
    }

    private String formatNames() {
        return adapters.keySet().stream().map(RunFormat::wireName).collect(Collectors.joining(", "));
    }

    private RunContext context(JsonNode node) {
        RunContext context;
        try {
            context = mapper.treeToValue(node, RunContext.class);
        } catch (JacksonException e) {
            throw BadInputException.badRequest(JsonPaths.under("context", JsonPaths.of(e)),
                    Objects.requireNonNullElse(e.getOriginalMessage(), "unreadable").lines().findFirst()
                            .orElse("unreadable"));
        }
        Set<ConstraintViolation<RunContext>> violations = validator.validate(context);
        if (!violations.isEmpty()) {
            throw InvalidFieldsException.unprocessable(violations.stream()
                    .map(violation -> new FieldProblem(JsonPaths.under("context",
                            JsonPaths.of(violation.getPropertyPath())), violation.getMessage()))
                    .sorted(Comparator.comparing(FieldProblem::field))
                    .toList());
        }
        costing.check(context);
        return context;
    }

    /** A file pushed as text: one JSON document, or JSON Lines for the tools that write them. */
    private List<ParsedRun> readText(RunFormat format, String text, String path) {
        if (text.isBlank()) {
            throw BadInputException.unprocessable(path, "is empty");
        }
        ResultAdapter adapter = adapters.get(format);
        try {
            return read(format, List.of(mapper.readTree(text)), path);
        } catch (JacksonException whole) {
            if (!adapter.acceptsJsonLines()) {
                throw malformed(path, whole);
            }
        }
        List<JsonNode> lines = new ArrayList<>();
        String[] split = text.split("\r?\n");
        for (int i = 0; i < split.length; i++) {
            if (split[i].isBlank()) {
                continue;
            }
            if (lines.size() >= properties.maxRunsPerPush()) {
                throw tooManyRuns(path);
            }
            lines.add(parse(split[i], path + "[line " + (i + 1) + "]"));
        }
        return read(format, lines, path);
    }

    private List<ParsedRun> read(RunFormat format, List<JsonNode> documents, String path) {
        ResultAdapter adapter = adapters.get(format);
        List<ParsedRun> runs = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            runs.addAll(adapter.parse(documents.get(i), documents.size() == 1 ? path : JsonPaths.index(path, i)));
            if (runs.size() > properties.maxRunsPerPush()) {
                throw tooManyRuns(path);
            }
        }
        return runs;
    }

    private BadInputException tooManyRuns(String path) {
        return BadInputException.unprocessable(path, "holds more than " + properties.maxRunsPerPush()
                + " runs (costbench.runs.max-runs-per-push)");
    }

    private JsonNode parse(String text, String path) {
        try {
            return mapper.readTree(text);
        } catch (JacksonException e) {
            throw malformed(path, e);
        }
    }

    private static BadInputException malformed(String path, JacksonException e) {
        String where = JsonPaths.under(path, JsonPaths.of(e));
        String message = Objects.requireNonNullElse(e.getOriginalMessage(), "unreadable JSON").lines().findFirst()
                .orElse("unreadable JSON");
        if (message.length() > 300) {
            message = message.substring(0, 300) + "...";
        }
        var location = e.getLocation();
        String at = location == null ? "" : " (line " + location.getLineNr() + ", column " + location.getColumnNr()
                + ")";
        return BadInputException.badRequest(where.isEmpty() ? null : where, "malformed JSON: " + message + at);
    }

    /** The text of the envelope's {@code result} value exactly as sent, so the raw payload is the tool's bytes. */
    private String verbatimResult(String body) {
        try (JsonParser parser = mapper.createParser(body)) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                if (name.equals("result")) {
                    int start = (int) parser.currentTokenLocation().getCharOffset();
                    parser.skipChildren();
                    int end = (int) parser.currentTokenLocation().getCharOffset() + 1;
                    return body.substring(start, end);
                }
                parser.skipChildren();
            }
        }
        throw new IllegalStateException("result was parsed but not found again");
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
