package io.costbench.service.pricing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Target S8 of seed-targets.md through the API: the default (on-demand, today, default region) prices are the
 * write-up's $2.23 per Trainium2 chip-hour and $5.19 per H100-hour, dated, with their source.
 */
@Tag("database")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SeedTargetS8Test {

    @LocalServerPort
    int port;

    @ParameterizedTest(name = "S8 {0} = {1} USD per accelerator-hour")
    @CsvSource({"trn2, 2.23", "h100-sxm, 5.19"})
    void theDefaultOnDemandPriceIsTheWriteUpPrice(String accelerator, String perHour) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                "http://localhost:" + port + "/api/v1/prices/in-force?accelerator=" + accelerator)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode price = JsonMapper.builder().build().readTree(response.body());
        assertThat(price.get("usdPerAcceleratorHour").decimalValue()).isEqualByComparingTo(perHour);
        assertThat(price.get("option").asString()).isEqualTo("on-demand");
        assertThat(price.get("currency").asString()).isEqualTo("USD");
        assertThat(price.get("effectiveFrom").asString()).isEqualTo("2026-01-01");
        assertThat(price.get("source").asString())
                .contains("a single accelerator being priced at $2.23/hr and $5.19/hr");
    }
}
