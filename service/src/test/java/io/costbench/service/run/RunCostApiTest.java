package io.costbench.service.run;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import io.costbench.service.security.ApiTokens;
import io.costbench.service.security.Scope;
import io.costbench.service.security.TestTokens;
import io.costbench.service.support.LocalHttp;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static io.costbench.service.run.RunApiSupport.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** A measured run's cost, recomputed here by hand: accelerators billed x price per hour / (output tokens/s x 3600). */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RunCostApiTest {

    @LocalServerPort
    int port;
    @Autowired
    ApiTokens apiTokens;

    private LocalHttp http;
    private String token;

    @BeforeEach
    void setUp() {
        http = new LocalHttp(port);
        token = TestTokens.issue(apiTokens, Scope.RUNS_WRITE);
    }

    /** A model no catalog has, so the push has no prediction and each test owns its series. */
    private static ObjectNode context(String hardware) {
        ObjectNode context = RunApiSupport.context("main");
        context.put("model", "cost-test-" + UUID.randomUUID());
        context.put("hardware", hardware);
        context.remove("profile");
        context.put("inputTokens", 1024);
        context.put("outputTokens", 1024);
        context.put("concurrency", 16);
        return context;
    }

    private JsonNode push(ObjectNode context, String metrics) {
        HttpResponse<String> created = http.postJson("/api/v1/runs", RunApiSupport.envelope("costbench", context,
                "{\"metrics\":" + metrics + "}", false), "Authorization", TestTokens.bearer(token));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body());
    }

    private JsonNode priceInForce(String accelerator) {
        HttpResponse<String> price = http.get("/api/v1/prices/in-force?accelerator=" + accelerator);
        assertThat(price.statusCode()).as(price.body()).isEqualTo(200);
        return JSON.readTree(price.body());
    }

    private static double byHand(int accelerators, double usdPerHour, double outputTokensPerSecond) {
        return accelerators * usdPerHour / (outputTokensPerSecond * 3600) * 1_000_000;
    }

    @Test
    void aTrainium2RunIsBilledPerChipFromItsTensorParallelism() {
        ObjectNode context = context("trn2");
        context.put("tensorParallel", 8);
        JsonNode body = push(context, "{\"output_throughput\":1234.5,\"median_tpot_ms\":7.5}");

        JsonNode price = priceInForce("trn2");
        JsonNode cost = body.get("cost");
        // TP=8 at LNC=2: 4 ranks per chip, so two chips.
        assertThat(cost.get("accelerators").asInt()).isEqualTo(2);
        assertThat(cost.get("accelerator").asString()).isEqualTo("trn2");
        assertThat(cost.get("usdPerMillionOutputTokens").asDouble()).isCloseTo(
                byHand(2, price.get("usdPerAcceleratorHour").asDouble(), 1234.5), within(1e-9));
        assertThat(cost.get("price").get("id").asLong()).isEqualTo(price.get("id").asLong());
        assertThat(cost.get("priceBasis").asString()).isEqualTo("at-run");
        assertThat(cost.get("reason").isNull()).isTrue();
        // The same cost is stored and listed with the run.
        JsonNode listed = JSON.readTree(http.get("/api/v1/runs?model=" + context.get("model").asString()).body())
                .get("items").get(0).get("cost");
        assertThat(listed.get("usdPerMillionOutputTokens").asDouble())
                .isEqualTo(cost.get("usdPerMillionOutputTokens").asDouble());
        assertThat(listed.get("price").get("id").asLong()).isEqualTo(price.get("id").asLong());
    }

    @Test
    void anInstanceTypeBillsEveryAcceleratorItHolds() {
        ObjectNode context = context("h100-sxm");
        context.put("tensorParallel", 1);
        context.put("instanceType", "p5.48xlarge");
        JsonNode cost = push(context, "{\"output_throughput\":5000}").get("cost");

        assertThat(cost.get("accelerators").asInt()).isEqualTo(8);
        assertThat(cost.get("usdPerMillionOutputTokens").asDouble()).isCloseTo(
                byHand(8, priceInForce("h100-sxm").get("usdPerAcceleratorHour").asDouble(), 5000), within(1e-9));
        assertThat(cost.get("acceleratorsFrom").asString()).contains("p5.48xlarge");
    }

    @Test
    void hardwarePushedUnderAnAliasIsBilledAsTheCatalogsHardware() {
        ObjectNode context = context("h100-sxm5");
        context.put("tensorParallel", 2);
        JsonNode cost = push(context, "{\"output_throughput\":1500}").get("cost");

        assertThat(cost.get("accelerator").asString()).isEqualTo("h100-sxm");
        assertThat(cost.get("usdPerMillionOutputTokens").asDouble()).isCloseTo(
                byHand(2, priceInForce("h100-sxm").get("usdPerAcceleratorHour").asDouble(), 1500), within(1e-9));
    }

    @Test
    void explicitAcceleratorsOverrideTheTensorParallelism() {
        ObjectNode context = context("h100-sxm");
        context.put("tensorParallel", 2);
        context.put("accelerators", 3);
        JsonNode cost = push(context, "{\"output_throughput\":900}").get("cost");

        assertThat(cost.get("accelerators").asInt()).isEqualTo(3);
        assertThat(cost.get("usdPerMillionOutputTokens").asDouble()).isCloseTo(
                byHand(3, priceInForce("h100-sxm").get("usdPerAcceleratorHour").asDouble(), 900), within(1e-9));
    }

    @Test
    void aRunOnUnpricedHardwareHasNoCostAndSaysWhy() {
        JsonNode cost = push(context("h100-test-" + UUID.randomUUID()), "{\"output_throughput\":900}").get("cost");
        assertThat(cost.get("usdPerMillionOutputTokens").isNull()).isTrue();
        assertThat(cost.get("reason").asString()).contains("is no accelerator the price catalog knows");

        // H200 is an accelerator the catalog knows, but no H200 price is seeded.
        ObjectNode h200 = context("h200-sxm");
        h200.put("tensorParallel", 1);
        JsonNode noPrice = push(h200, "{\"output_throughput\":900}").get("cost");
        assertThat(noPrice.get("usdPerMillionOutputTokens").isNull()).isTrue();
        assertThat(noPrice.get("reason").asString()).startsWith("no on-demand price for h200-sxm in force on");
        assertThat(noPrice.get("accelerators").asInt()).isEqualTo(1);
    }

    @Test
    void aRunWithoutThroughputOrAcceleratorsHasNoCostAndSaysWhy() {
        ObjectNode noThroughput = context("trn2");
        noThroughput.put("tensorParallel", 4);
        JsonNode cost = push(noThroughput, "{\"median_tpot_ms\":8}").get("cost");
        assertThat(cost.get("usdPerMillionOutputTokens").isNull()).isTrue();
        assertThat(cost.get("reason").asString()).isEqualTo("the run reports no output throughput");
        assertThat(cost.get("price").get("id").isNumber()).isTrue();

        ObjectNode noTp = context("trn2");
        noTp.remove("tensorParallel");
        JsonNode unknown = push(noTp, "{\"output_throughput\":900}").get("cost");
        assertThat(unknown.get("reason").asString()).contains("neither tensorParallel, accelerators nor instanceType");
    }

    @Test
    void anUnknownOrContradictoryInstanceTypeIsRefusedNamingTheField() {
        ObjectNode unknown = context("h100-sxm");
        unknown.put("instanceType", "p9.huge");
        HttpResponse<String> refused = http.postJson("/api/v1/runs", RunApiSupport.costbench(unknown, 900, 7),
                "Authorization", TestTokens.bearer(token));
        assertThat(refused.statusCode()).isEqualTo(422);
        assertThat(refused.body()).contains("context.instanceType").contains("p5.48xlarge");

        ObjectNode contradictory = context("h100-sxm");
        contradictory.put("instanceType", "trn2.48xlarge");
        HttpResponse<String> conflict = http.postJson("/api/v1/runs", RunApiSupport.costbench(contradictory, 900, 7),
                "Authorization", TestTokens.bearer(token));
        assertThat(conflict.statusCode()).isEqualTo(422);
        assertThat(conflict.body()).contains("context.instanceType").contains("h100-sxm");
    }

    @Test
    void aRunOfACatalogScenarioIsPricedBesideItsPrediction() {
        ObjectNode context = RunApiSupport.predictableContext("main", 200, 128, 4);
        JsonNode body = push(context, "{\"output_throughput\":2100,\"median_tpot_ms\":6}");

        double usdPerHour = priceInForce("h100-sxm").get("usdPerAcceleratorHour").asDouble();
        JsonNode predicted = body.get("prediction").get("metrics");
        assertThat(body.get("cost").get("predictedUsdPerMillionOutputTokens").asDouble()).isCloseTo(
                byHand(1, usdPerHour, predicted.get("output_throughput_per_chip").asDouble()), within(1e-9));
        assertThat(body.get("cost").get("usdPerMillionOutputTokens").asDouble())
                .isCloseTo(byHand(1, usdPerHour, 2100), within(1e-9));
    }

    @Test
    void runsCsvCarriesTheCostColumnsAfterTheVerdictAndReprices() throws Exception {
        ObjectNode context = context("trn2");
        context.put("tensorParallel", 4);
        push(context, "{\"output_throughput\":800}");
        String model = context.get("model").asString();

        List<CSVRecord> rows = csv(http.get("/api/v1/export/runs.csv?model=" + model).body());
        CSVRecord row = rows.get(0);
        List<String> header = rows.get(0).getParser().getHeaderNames();
        assertThat(header.subList(header.indexOf("regression_verdict") + 1, header.size())).containsExactly(
                "usd_per_million_output_tokens", "predicted_usd_per_million_output_tokens",
                "price_usd_per_accelerator_hour", "price_id", "price_option", "price_basis", "billed_accelerator",
                "billed_accelerators", "cost_reason");
        JsonNode price = priceInForce("trn2");
        assertThat(Double.parseDouble(row.get("usd_per_million_output_tokens")))
                .isCloseTo(byHand(1, price.get("usdPerAcceleratorHour").asDouble(), 800), within(1e-9));
        assertThat(row.get("price_id")).isEqualTo(price.get("id").asString());
        assertThat(row.get("price_option")).isEqualTo("on-demand");
        assertThat(row.get("price_basis")).isEqualTo("at-run");
        assertThat(row.get("billed_accelerators")).isEqualTo("1");
        assertThat(row.get("cost_reason")).isEmpty();

        CSVRecord spot = csv(http.get("/api/v1/export/runs.csv?model=" + model + "&priceMode=current&priceOption=spot")
                .body()).get(0);
        assertThat(spot.get("price_basis")).isEqualTo("current");
        assertThat(spot.get("usd_per_million_output_tokens")).isEmpty();
        assertThat(spot.get("cost_reason")).startsWith("no spot price for trn2 in force on");
        assertThat(http.get("/api/v1/export/runs.csv?priceMode=later").statusCode()).isEqualTo(400);
    }

    private static List<CSVRecord> csv(String text) throws Exception {
        return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(text)).getRecords();
    }
}
