package io.costbench.service.prediction.api;

import io.costbench.service.prediction.PredictionSliceConfig;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Optional;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PurchaseOption;
import io.costbench.service.pricing.CostCalculator;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyDouble;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** A prediction is costed with its own chips and throughputs, at the requested option and date. */
@WebMvcTest(controllers = PredictionController.class)
@AutoConfigureMockMvc(addFilters = false)
@Import(PredictionSliceConfig.class)
class PredictionCostSliceTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    CostCalculator costs;

    @Test
    void theCostUsesThePredictionsChipsAndThroughputsAndTheRequestedPrice() throws Exception {
        Price spot = new Price(42L, new PriceKey(Accelerator.H100_SXM, PurchaseOption.SPOT, "any"), Price.USD,
                new BigDecimal("1.80"), LocalDate.parse("2026-03-01"), null, "test", null);
        when(costs.costFor(eq("test-gpu"), anyInt(), anyDouble(), anyDouble(), any(), any(), anyDouble()))
                .thenAnswer(call -> Optional.of(CostMath.cost(spot, call.getArgument(1), call.getArgument(2),
                        call.getArgument(3), call.getArgument(6))));

        MvcResult result = mvc.perform(post("/api/v1/predictions").contentType(MediaType.APPLICATION_JSON).content("""
                        {"model":"qwen3-8b","hardware":"test-gpu","tensorParallel":2,"inputTokens":256,
                         "outputTokens":64,"concurrency":8,"priceOption":"spot","priceDate":"2026-06-01"}"""))
                .andExpect(status().isOk()).andReturn();
        JsonNode body = JsonMapper.builder().build().readTree(result.getResponse().getContentAsString());

        ArgumentCaptor<PurchaseOption> option = ArgumentCaptor.forClass(PurchaseOption.class);
        ArgumentCaptor<LocalDate> date = ArgumentCaptor.forClass(LocalDate.class);
        verify(costs).costFor(eq("test-gpu"), eq(body.get("chips").asInt()),
                eq(body.get("metrics").get("output_throughput").asDouble()),
                eq(body.get("metrics").get("total_token_throughput").asDouble()), option.capture(), date.capture(),
                anyDouble());
        assertThat(option.getValue()).isEqualTo(PurchaseOption.SPOT);
        assertThat(date.getValue()).isEqualTo(LocalDate.parse("2026-06-01"));

        JsonNode cost = body.get("cost");
        int chips = body.get("chips").asInt();
        double output = body.get("metrics").get("output_throughput").asDouble();
        assertThat(chips).isEqualTo(2);
        assertThat(cost.get("usdPerMillionOutputTokens").asDouble())
                .isCloseTo(chips * 1.80 / (output * 3600) * 1e6, within(1e-9));
        assertThat(cost.get("price").get("id").asLong()).isEqualTo(42L);
        assertThat(cost.get("price").get("option").asString()).isEqualTo("spot");
        assertThat(cost.get("price").get("usdPerAcceleratorHour").decimalValue()).isEqualByComparingTo("1.80");
        assertThat(cost.get("price").get("effectiveFrom").asString()).isEqualTo("2026-03-01");
    }
}
