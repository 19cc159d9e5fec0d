package io.costbench.service.pricing;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.costbench.service.prediction.PredictionSliceConfig;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** Break-even's input errors, before any price is looked up: the same statuses as every endpoint. */
@WebMvcTest(controllers = BreakEvenController.class)
@Import(PredictionSliceConfig.class)
class BreakEvenControllerTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    BreakEvenReport report;

    @Test
    void tokensOutOfRangeAreA400() throws Exception {
        mvc.perform(get("/api/v1/break-even").param("model", "qwen3-8b").param("inputTokens", "200000"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("inputTokens"));
    }

    @Test
    void anUnknownIdOfOneSideIsA422NamingThatSidesParameter() throws Exception {
        mvc.perform(get("/api/v1/break-even").param("model", "qwen3-8b").param("aHardware", "test-gpu")
                        .param("aProfile", "test-vllm").param("bHardware", "tpu-v9").param("concurrencies", "1"))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.field").value("bHardware"))
                .andExpect(jsonPath("$.knownIds[0]").value("test-gpu"));
    }

    @Test
    void anUnknownQueryParameterIsA400NamingIt() throws Exception {
        mvc.perform(get("/api/v1/break-even").param("model", "qwen3-8b").param("concurrency", "8"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("concurrency"));
    }
}
