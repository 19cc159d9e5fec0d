package io.costbench.service.pricing;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import static org.mockito.Mockito.verifyNoInteractions;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** Bad input never reaches the price book: 400 problem+json naming the field (security is tested in PriceApiTest). */
@org.springframework.context.annotation.Import(PricingWebSlice.class)
@WebMvcTest(controllers = PriceController.class, properties = "costbench.pricing.writes-enabled=true")
@AutoConfigureMockMvc(addFilters = false)
class PriceControllerValidationTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    PriceBook priceBook;

    private static final String VALID = """
            {"accelerator":"trn2","option":"on-demand","region":"us-east-1","currency":"USD",
             "usdPerAcceleratorHour":2.23,"effectiveFrom":"2026-12-01","source":"test"}""";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "zero price | \"usdPerAcceleratorHour\":2.23 | \"usdPerAcceleratorHour\":0"
                    + " | usdPerAcceleratorHour",
            "negative price | \"usdPerAcceleratorHour\":2.23 | \"usdPerAcceleratorHour\":-2.23"
                    + " | usdPerAcceleratorHour",
            "missing price | \"usdPerAcceleratorHour\":2.23 | \"unit\":\"h\""
                    + " | usdPerAcceleratorHour",
            "unknown accelerator | \"accelerator\":\"trn2\" | \"accelerator\":\"a100\""
                    + " | accelerator",
            "unknown option | \"option\":\"on-demand\" | \"option\":\"lease\""
                    + " | option",
            "lower-case currency | \"currency\":\"USD\" | \"currency\":\"usd\""
                    + " | currency",
            "non-ISO currency | \"currency\":\"USD\" | \"currency\":\"XYZ\""
                    + " | currency",
            "to before from | \"source\":\"test\" | \"source\":\"t\",\"effectiveTo\":\"2026-11-01\""
                    + " | effectiveTo",
            "to equals from | \"source\":\"test\" | \"source\":\"t\",\"effectiveTo\":\"2026-12-01\""
                    + " | effectiveTo",
            "blank source | \"source\":\"test\" | \"source\":\" \""
                    + " | source",
            "bad region | \"region\":\"us-east-1\" | \"region\":\"US East 1\""
                    + " | region"})
    void rejectsABadFieldWithAProblem(String name, String from, String to, String field) throws Exception {
        mvc.perform(post("/api/v1/prices").contentType(MediaType.APPLICATION_JSON).content(VALID.replace(from, to)))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.title").value("Invalid price"))
                .andExpect(jsonPath("$.field").value(field));
        verifyNoInteractions(priceBook);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "malformed JSON  | {\"accelerator\":",
            "bad date        | {\"accelerator\":\"trn2\",\"effectiveFrom\":\"1st of May\"}",
            "text for number | {\"accelerator\":\"trn2\",\"usdPerAcceleratorHour\":\"cheap\"}"})
    void rejectsUnreadableBodiesWithAProblem(String name, String body) throws Exception {
        mvc.perform(post("/api/v1/prices").contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
        verifyNoInteractions(priceBook);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "unknown accelerator | /api/v1/prices?accelerator=tpu-v5",
            "unknown option      | /api/v1/prices?option=free",
            "bad date            | /api/v1/prices?date=yesterday",
            "bad region          | /api/v1/prices?region=Mars!",
            "in-force unknown    | /api/v1/prices/in-force?accelerator=a100"})
    void rejectsBadFiltersWithAProblem(String name, String url) throws Exception {
        mvc.perform(get(url))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
        verifyNoInteractions(priceBook);
    }

    @org.junit.jupiter.api.Test
    void closeNeedsADate() throws Exception {
        mvc.perform(post("/api/v1/prices/1/close").contentType(MediaType.APPLICATION_JSON).content("{}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.field").value("effectiveTo"));
        verifyNoInteractions(priceBook);
    }
}
