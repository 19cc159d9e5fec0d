package io.costbench.service.run;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import org.springframework.jdbc.core.JdbcTemplate;

import io.costbench.service.support.LocalHttp;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Building pushes for the API tests: unique series per test, envelopes around sample files, multipart bodies. */
final class RunApiSupport {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final SecureRandom RANDOM = new SecureRandom();

    private RunApiSupport() {
    }

    /** A context on hardware no other test uses, so series, duplicates and baselines are the test's own. */
    static ObjectNode context(String branch) {
        ObjectNode context = JSON.createObjectNode();
        context.put("model", "Qwen/Qwen3-30B-A3B");
        context.put("hardware", "h100-test-" + UUID.randomUUID());
        context.put("profile", "vllm-default");
        context.put("tensorParallel", 1);
        context.put("precision", "bf16");
        context.put("gitSha", randomSha());
        context.put("branch", branch);
        context.put("ciUrl", "https://ci.example.com/runs/" + UUID.randomUUID());
        return context;
    }

    /** A context the catalog can predict: Qwen3-8B on an H100 with vLLM (the series still the test's own). */
    static ObjectNode predictableContext(String branch) {
        ObjectNode context = context(branch);
        context.put("model", "qwen3-8b");
        context.put("hardware", "h100-sxm");
        context.put("profile", "vllm");
        return context;
    }

    /** The same, stating the lengths and concurrency a prediction needs. */
    static ObjectNode predictableContext(String branch, int inputTokens, int outputTokens, int concurrency) {
        ObjectNode context = predictableContext(branch);
        context.put("inputTokens", inputTokens);
        context.put("outputTokens", outputTokens);
        context.put("concurrency", concurrency);
        return context;
    }

    static String randomSha() {
        byte[] bytes = new byte[20];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** The envelope with the file's text embedded as it is (a JSON document) or as a JSON string (JSON Lines). */
    static String envelope(String format, ObjectNode context, String fileText, boolean asString) {
        String result = asString ? JSON.writeValueAsString(fileText) : fileText;
        return "{\"format\":\"" + format + "\",\"context\":" + JSON.writeValueAsString(context) + ",\"result\":"
                + result + "}";
    }

    static String costbench(ObjectNode context, double outputThroughput, double medianTpotMs) {
        return envelope("costbench", context, "{\"metrics\":{\"output_throughput\":" + outputThroughput
                + ",\"median_tpot_ms\":" + medianTpotMs + "}}", false);
    }

    static HttpResponse<String> multipart(LocalHttp http, String token, Map<String, String> fields,
            String fileName, byte[] file) {
        String boundary = "costbench" + UUID.randomUUID();
        StringBuilder head = new StringBuilder();
        new LinkedHashMap<>(fields).forEach((name, value) -> head.append("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(name).append("\"\r\n\r\n")
                .append(value).append("\r\n"));
        head.append("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"file\"; filename=\"").append(fileName)
                .append("\"\r\nContent-Type: application/octet-stream\r\n\r\n");
        byte[] start = head.toString().getBytes(StandardCharsets.UTF_8);
        byte[] end = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[start.length + file.length + end.length];
        System.arraycopy(start, 0, body, 0, start.length);
        System.arraycopy(file, 0, body, start.length, file.length);
        System.arraycopy(end, 0, body, start.length + file.length, end.length);
        return http.send(http.request("/api/v1/runs")
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
    }

    /** Rows in the two run tables: what "nothing stored" is checked against. */
    static long[] rowCounts(JdbcTemplate jdbc) {
        return new long[] {jdbc.queryForObject("select count(*) from run_upload", Long.class),
                jdbc.queryForObject("select count(*) from measured_run", Long.class)};
    }
}
