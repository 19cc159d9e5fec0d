package io.costbench.service.plan;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The plans API over HTTP: create (open, no token), read back, list, re-price, CSV, and bad input storing nothing. */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.quartz.scheduler-name=plan-api")
class PlanApiTest {

    private static final String CANDIDATES = """
            [{"hardware": "trn2", "profile": "vllm-neuron-optimized"}, {"hardware": "h100-sxm", "profile": "vllm"}]""";

    private final HttpClient http = HttpClient.newHttpClient();
    private final JsonMapper json = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void createReadListRepriceAndDownloadAPlan() throws Exception {
        HttpResponse<String> created = post(chat("qwen3.5-4b", "\"requestsPerSecond\": 20", "\"minInteractivity\": 30"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode plan = json.readTree(created.body());
        long id = plan.get("id").asLong();
        assertThat(created.headers().firstValue("Location")).contains("/api/v1/plans/" + id);
        JsonNode result = plan.get("result");
        assertThat(result.get("verdict").asString()).isEqualTo("ok");
        // Open loop by default: the plan records it, and the load per replica is a request rate.
        assertThat(plan.get("request").get("demand").get("arrivals").asString()).isEqualTo("poisson");
        assertThat(result.get("arrivals").asString()).isEqualTo("poisson");
        assertThat(result.get("burstiness").asDouble()).isEqualTo(1.0);
        assertThat(result.get("cheapest").get("concurrency").isNull()).isTrue();
        assertThat(result.get("summary").asString()).contains("requests/s per replica");
        assertThat(result.get("catalogVersion").asString()).hasSize(64);
        JsonNode cheapest = result.get("cheapest");
        assertThat(result.get("candidates").get(0).get("label").asString()).isEqualTo(cheapest.get("label").asString());
        assertThat(cheapest.get("parametersSha256").asString()).hasSize(64);
        assertThat(cheapest.get("price").get("usdPerAcceleratorHour").decimalValue()).isPositive();
        // Monthly cost = replicas x accelerators per replica x price x hours, by hand.
        double byHand = cheapest.get("replicas").asInt() * cheapest.get("acceleratorsPerReplica").asInt()
                * cheapest.get("price").get("usdPerAcceleratorHour").asDouble() * 730;
        assertThat(cheapest.get("usdPerMonth").asDouble()).isCloseTo(byHand, within(1e-6));
        assertThat(cheapest.get("replicas").asInt()).isEqualTo((int) Math.ceil(20
                / cheapest.get("requestsPerSecondPerReplica").asDouble()));
        assertThat(result.get("summary").asString()).startsWith("Cheapest meeting p90 TTFT <= 2000 ms");
        assertThat(result.get("savings")).hasSize(1);
        JsonNode saving = result.get("savings").get(0);
        assertThat(saving.get("savingUsdPerMonth").asDouble()).isCloseTo(saving.get("againstUsdPerMonth").asDouble()
                - cheapest.get("usdPerMonth").asDouble(), within(1e-6));

        HttpResponse<String> read = get("/api/v1/plans/" + id);
        assertThat(read.statusCode()).isEqualTo(200);
        assertThat(json.readTree(read.body()).get("result")).isEqualTo(result);
        assertThat(json.readTree(read.body()).get("request").get("model").asString()).isEqualTo("qwen3.5-4b");

        JsonNode list = json.readTree(get("/api/v1/plans?size=200").body());
        assertThat(list.valueStream().map(p -> p.get("id").asLong()).toList()).contains(id);

        JsonNode today = json.readTree(get("/api/v1/plans/" + id + "?price=today").body());
        assertThat(today.get("priceBasis").asString()).isEqualTo("today");
        assertThat(today.get("result").get("cheapest").get("usdPerMonth").asDouble())
                .isCloseTo(cheapest.get("usdPerMonth").asDouble(), within(1e-6)); // the seeded prices still hold

        HttpResponse<String> csv = get("/api/v1/plans/" + id + "/plan.csv");
        assertThat(csv.statusCode()).isEqualTo(200);
        assertThat(csv.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
        assertThat(csv.headers().firstValue("Content-Disposition").orElse("")).contains("costbench-plan-" + id);
        List<String> lines = csv.body().lines().toList();
        assertThat(lines.get(0)).startsWith("plan_id,created_at_utc,price_basis,model")
                .contains("demand_requests_per_s,arrivals,burstiness");
        assertThat(lines).hasSize(1 + result.get("candidates").size());
        assertThat(lines.get(1)).contains(cheapest.get("label").asString()).contains(",poisson,1,");
    }

    @Test
    void aClosedLoopPlanSearchesConcurrencyAndSaysSo() throws Exception {
        HttpResponse<String> created = post(chat("qwen3.5-4b",
                "\"requestsPerSecond\": 20, \"arrivals\": \"closed-loop\"", "\"minInteractivity\": 30"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode plan = json.readTree(created.body());
        JsonNode result = plan.get("result");
        assertThat(plan.get("request").get("demand").get("arrivals").asString()).isEqualTo("closed-loop");
        assertThat(plan.get("request").get("demand").get("burstiness").isNull()).isTrue();
        assertThat(result.get("arrivals").asString()).isEqualTo("closed-loop");
        assertThat(result.get("cheapest").get("concurrency").asInt()).isPositive();
        assertThat(result.get("summary").asString()).contains("at concurrency ");
        HttpResponse<String> csv = get("/api/v1/plans/" + plan.get("id").asLong() + "/plan.csv");
        assertThat(csv.body().lines().skip(1).toList()).allMatch(line -> line.contains(",closed-loop,,"));
    }

    @Test
    void burstinessShapesTheArrivalsAndIsRecorded() throws Exception {
        HttpResponse<String> created = post(chat("qwen3.5-4b", "\"requestsPerSecond\": 20, \"burstiness\": 0.25",
                "\"minInteractivity\": 30"));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        JsonNode plan = json.readTree(created.body());
        assertThat(plan.get("request").get("demand").get("burstiness").asDouble()).isEqualTo(0.25);
        assertThat(plan.get("result").get("burstiness").asDouble()).isEqualTo(0.25);
        // Gamma gaps of shape 0.25 are other arrivals than Poisson ones: the searched points differ.
        JsonNode poisson = json.readTree(post(chat("qwen3.5-4b", "\"requestsPerSecond\": 20",
                "\"minInteractivity\": 30")).body()).get("result");
        assertThat(plan.get("result").get("candidates").get(0).get("curve"))
                .isNotEqualTo(poisson.get("candidates").get(0).get("curve"));
        HttpResponse<String> csv = get("/api/v1/plans/" + plan.get("id").asLong() + "/plan.csv");
        assertThat(csv.body().lines().skip(1).toList()).allMatch(line -> line.contains(",poisson,0.25,"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            zero demand | 422 | demand.requestsPerSecond | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":0}}
            both demands | 422 | demand | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1,"outputTokensPerDay":5}}
            no demand | 400 | demand | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{}}
            swapped percentiles | 422 | slo.ttftMs.p99 | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1},"slo":{"ttftMs":{"p50":2000,"p99":500}}}
            e2el below ttft | 422 | slo.e2elMs.p90 | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1},"slo":{"ttftMs":{"p90":2000},"e2elMs":{"p90":1000}}}
            interactivity vs median tpot | 422 | slo.minInteractivity | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1},"slo":{"tpotMs":{"p50":50},"minInteractivity":30}}
            negative bound | 422 | slo.ttftMs.p90 | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1},"slo":{"ttftMs":{"p90":-1}}}
            unknown model | 422 | model | {"model":"gpt-5","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1}}
            unknown hardware | 422 | candidates[0].hardware | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1},"candidates":[{"hardware":"tpu-v5"}]}
            unknown profile | 422 | candidates[0].profile | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1},"candidates":[{"hardware":"trn2","profile":"vllm"}]}
            unknown field | 400 | slo.ttft | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1},"slo":{"ttft":1}}
            missing workload | 400 | workload | {"model":"qwen3.5-4b","demand":{"requestsPerSecond":1}}
            unknown arrivals | 422 | demand.arrivals | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1,"arrivals":"uniform"}}
            arrivals not text | 400 | demand.arrivals | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1,"arrivals":3}}
            burstiness too low | 422 | demand.burstiness | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1,"burstiness":0}}
            burstiness too high | 422 | demand.burstiness | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1,"burstiness":11}}
            burstiness closed loop | 422 | demand.burstiness | {"model":"qwen3.5-4b","workload":{"inputTokens":1024,"outputTokens":1024},"demand":{"requestsPerSecond":1,"arrivals":"closed-loop","burstiness":2}}
            tokens out of range | 422 | workload.inputTokens | {"model":"qwen3.5-4b","workload":{"inputTokens":0,"outputTokens":1024},"demand":{"requestsPerSecond":1}}
            """)
    void badInputIsAProblemNamingTheFieldAndStoresNothing(String name, int status, String field, String body)
            throws Exception {
        long before = jdbc.queryForObject("select count(*) from capacity_plan", Long.class);
        HttpResponse<String> response = post(body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(json.readTree(response.body()).get("field").asString()).isEqualTo(field);
        assertThat(jdbc.queryForObject("select count(*) from capacity_plan", Long.class)).isEqualTo(before);
    }

    @Test
    void theOpenApiDocumentDescribesPlanCreationWithAnExampleAndTheTokenOptional() throws Exception {
        JsonNode paths = json.readTree(get("/v3/api-docs").body()).get("paths");
        JsonNode create = paths.get("/api/v1/plans").get("post");
        assertThat(create.get("summary").asString()).startsWith("Plan the cheapest deployment");
        assertThat(create.get("requestBody").get("content").get("application/json").get("examples").get("chat")
                .get("value").toString()).contains("qwen3.5-4b");
        // Open like predictions: anonymous (an empty requirement) or with the optional bearer token.
        assertThat(create.get("security").toString()).contains("{}").contains("bearerToken");
        assertThat(paths.get("/api/v1/plans/{id}").has("get")).isTrue();
        assertThat(paths.get("/api/v1/plans/{id}/plan.csv").has("get")).isTrue();
    }

    @Test
    void unknownPlanIs404() throws Exception {
        assertThat(get("/api/v1/plans/987654321").statusCode()).isEqualTo(404);
        assertThat(get("/api/v1/plans/987654321/plan.csv").statusCode()).isEqualTo(404);
    }

    private static String chat(String model, String demand, String interactivity) {
        return "{\"model\": \"" + model + "\", \"workload\": {\"inputTokens\": 1024, \"outputTokens\": 1024}, "
                + "\"demand\": {" + demand + "}, \"slo\": {\"ttftMs\": {\"p90\": 2000}, " + interactivity + "}, "
                + "\"candidates\": " + CANDIDATES + "}";
    }

    private HttpResponse<String> post(String body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/plans"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
