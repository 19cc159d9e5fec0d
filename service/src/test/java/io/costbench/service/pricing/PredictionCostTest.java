package io.costbench.service.pricing;

import io.costbench.service.prediction.AcceleratorRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.costbench.service.support.LocalHttp;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * POST /api/v1/predictions answers with the cost of the predicted throughput and the price it used, end to end on the
 * real Trainium2 model and the seeded price. Skipped while the Trainium2 family is not registered in this build
 * (PredictionCostSliceTest covers the wiring with a test accelerator).
 */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PredictionCostTest {

    private static final String REQUEST = """
            {"model":"qwen3.5-4b","hardware":"trn2","profile":"vllm-neuron-optimized","inputTokens":256,
             "outputTokens":64,"concurrency":4%s}""";

    private final JsonMapper json = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    AcceleratorRegistry accelerators;

    /** A family missing can only be a wiring regression: fail, never skip. */
    @BeforeEach
    void needsTheTrainium2Family() {
        assertThat(accelerators.forHardware("trn2")).as("the Trainium2 accelerator family is registered").isPresent();
    }

    @Test
    void aPredictionCarriesItsCostAtTheDefaultOnDemandPrice() {
        JsonNode prediction = predict("");
        int chips = prediction.get("chips").asInt();
        double output = prediction.get("metrics").get("output_throughput").asDouble();
        double total = prediction.get("metrics").get("total_token_throughput").asDouble();
        JsonNode cost = prediction.get("cost");

        // TP=4 at LNC=2 on Trainium2 is one chip
        assertThat(prediction.get("scenario").get("tensorParallel").asInt()).isEqualTo(4);
        assertThat(chips).isEqualTo(1);
        assertThat(cost.get("usdPerMillionOutputTokens").asDouble())
                .isCloseTo(chips * 2.23 / (output * 3600) * 1e6, within(1e-9));
        assertThat(cost.get("usdPerMillionTotalTokens").asDouble())
                .isCloseTo(chips * 2.23 / (total * 3600) * 1e6, within(1e-9));
        assertThat(cost.get("accelerators").asInt()).isEqualTo(chips);
        JsonNode price = cost.get("price");
        assertThat(price.get("id").isIntegralNumber()).isTrue();
        assertThat(price.get("usdPerAcceleratorHour").decimalValue()).isEqualByComparingTo("2.23");
        assertThat(price.get("option").asString()).isEqualTo("on-demand");
        assertThat(price.get("effectiveFrom").asString()).isEqualTo("2026-01-01");
    }

    @Test
    void theCostIsAbsentWhenNoPriceWasInForceOnThePriceDate() {
        JsonNode prediction = predict(",\"priceOption\":\"on-demand\",\"priceDate\":\"2025-06-01\"");
        assertThat(prediction.get("metrics").get("output_throughput").asDouble()).isPositive();
        assertThat(prediction.get("cost").isNull()).isTrue();
    }

    @Test
    void badPriceFieldsAre400NamingTheField() {
        LocalHttp http = new LocalHttp(port);
        HttpResponse<String> option = http.postJson("/api/v1/predictions",
                REQUEST.formatted(",\"priceOption\":\"lease\""));
        assertThat(option.statusCode()).isEqualTo(400);
        assertThat(json.readTree(option.body()).get("field").asString()).isEqualTo("priceOption");
        HttpResponse<String> date = http.postJson("/api/v1/predictions",
                REQUEST.formatted(",\"priceDate\":\"next week\""));
        assertThat(date.statusCode()).isEqualTo(400);
        assertThat(json.readTree(date.body()).get("field").asString()).isEqualTo("priceDate");
        assertThat(date.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
    }

    private JsonNode predict(String extra) {
        HttpResponse<String> response = new LocalHttp(port).postJson("/api/v1/predictions", REQUEST.formatted(extra));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return json.readTree(response.body());
    }
}
