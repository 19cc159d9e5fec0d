package io.costbench.service.pricing;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import static org.mockito.Mockito.verifyNoInteractions;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** With price writes switched off nobody can write prices, whatever they send (security is tested in PriceApiTest). */
@org.springframework.context.annotation.Import(PricingWebSlice.class)
@WebMvcTest(controllers = PriceController.class, properties = "costbench.pricing.writes-enabled=false")
@AutoConfigureMockMvc(addFilters = false)
class PriceWritesDisabledTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    PriceBook priceBook;

    @Test
    void addIsForbiddenWhenSwitchedOff() throws Exception {
        mvc.perform(post("/api/v1/prices").contentType(MediaType.APPLICATION_JSON).content("""
                        {"accelerator":"trn2","usdPerAcceleratorHour":1.0,"effectiveFrom":"2027-01-01",
                         "source":"test"}"""))
                .andExpect(status().isForbidden())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("writes-enabled")));
        verifyNoInteractions(priceBook);
    }

    @Test
    void closeIsForbiddenWhenSwitchedOff() throws Exception {
        mvc.perform(post("/api/v1/prices/1/close").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"effectiveTo\":\"2027-01-01\"}"))
                .andExpect(status().isForbidden());
        verifyNoInteractions(priceBook);
    }
}
