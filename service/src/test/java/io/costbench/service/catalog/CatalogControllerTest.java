package io.costbench.service.catalog;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;

import io.costbench.service.prediction.PredictionSliceConfig;

import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.lessThan;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@WebMvcTest(controllers = CatalogController.class)
@Import(PredictionSliceConfig.class)
class CatalogControllerTest {

    @Autowired
    MockMvc mvc;

    @Test
    void listsModelsHardwareProfilesAndSwitchesWithTheirIds() throws Exception {
        mvc.perform(get("/api/v1/catalog"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.models[*].id").value(hasItems("qwen3.5-4b", "qwen3-30b-a3b", "gemma4-31b",
                        "qwen3-8b", "llama-3.1-405b")))
                .andExpect(jsonPath("$.models[?(@.id == 'qwen3-30b-a3b')].activeParams")
                        .value(everyItem(allOf(greaterThan(3_000_000_000L), lessThan(4_000_000_000L)))))
                .andExpect(jsonPath("$.hardware[0].id").value("test-gpu"))
                .andExpect(jsonPath("$.profiles[0].id").value("test-vllm"))
                .andExpect(jsonPath("$.optimizations[0].id").value("fast-launch"));
    }

    @Test
    void anUnknownQueryParameterIsA400NamingIt() throws Exception {
        mvc.perform(get("/api/v1/catalog").param("colour", "red"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("colour"));
    }
}
