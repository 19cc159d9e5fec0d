package io.costbench.service.sweep;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrlPattern;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@Tag("database")
@SpringBootTest(properties = "spring.quartz.scheduler-name=sweep-pages-test")
@AutoConfigureMockMvc
@Import(FakeSimulatorConfig.class)
class SweepPagesTest {

    @Autowired
    MockMvc mvc;
    @Autowired
    SweepStore store;

    private MockHttpSession admin;

    /** Logs in as the admin through the login form, as a browser would (session cookie + CSRF token). */
    @BeforeEach
    void logIn() throws Exception {
        MvcResult loginPage = mvc.perform(get("/login")).andReturn();
        admin = (MockHttpSession) loginPage.getRequest().getSession();
        mvc.perform(post("/login").session(admin).param("username", "admin")
                        .param("password", "test-admin-password")
                        .param("_csrf", csrfToken(loginPage.getResponse().getContentAsString())))
                .andExpect(status().is3xxRedirection())
                .andExpect(redirectedUrlPattern("/**"));
    }

    @Test
    void startingASweepNeedsTheLogin() throws Exception {
        long before = store.count();
        MvcResult anonymousPage = mvc.perform(get("/sweeps")).andExpect(status().isOk()).andReturn();
        MockHttpSession anonymous = (MockHttpSession) anonymousPage.getRequest().getSession();
        mvc.perform(post("/sweeps").session(anonymous)
                        .param("_csrf", csrfToken(anonymousPage.getResponse().getContentAsString()))
                        .param("name", "x").param("models", "alpha-7b").param("targets", "h100-sxm vllm")
                        .param("concurrencies", "1").param("workloads", "8/8"))
                .andExpect(status().is3xxRedirection())
                .andExpect(redirectedUrl("/login"));
        mvc.perform(post("/sweeps").session(admin).param("name", "no csrf").param("models", "alpha-7b")
                        .param("targets", "h100-sxm vllm").param("concurrencies", "1").param("workloads", "8/8"))
                .andExpect(status().isForbidden());
        assertThat(store.count()).isEqualTo(before);
    }

    private static String csrfToken(String html) {
        Matcher matcher = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"").matcher(html);
        assertThat(matcher.find()).as("a _csrf field in the form").isTrue();
        return matcher.group(1);
    }

    @Test
    void theListOffersTheDefaultSweepInTheStartForm() throws Exception {
        mvc.perform(get("/sweeps"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("<header class=\"site-header\">")))
                .andExpect(content().string(containsString("value=\"qwen3.5-4b, qwen3-30b-a3b, gemma4-31b\"")))
                .andExpect(content().string(containsString("trn2 vllm-neuron-baseline\ntrn2 vllm-neuron-optimized\n"
                        + "h100-sxm vllm")))
                .andExpect(content().string(containsString("value=\"1, 2, 4, 8, 16, 32, 64, 128, 256\"")))
                .andExpect(content().string(containsString("value=\"1024/1024, 1024/8192, 8192/1024\"")));
    }

    @Test
    void aFormWithMistakesNamesThemAndStartsNothing() throws Exception {
        long before = store.count();
        form(post("/sweeps"), "alpha-7b", "h100-sxm vllm tp=two", "1, 0", "1024/1024")
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("The sweep was not started")))
                .andExpect(content().string(containsString("&#39;tp=two&#39;: tp must be a whole number")));
        form(post("/sweeps"), "alpha-7b", "h100-sxm vllm", "1, 0", "1024/1024")
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("concurrencies[1]: must be greater than or equal to 1")));
        assertThat(store.count()).isEqualTo(before);
    }

    @Test
    void aStartedSweepShowsProgressThenItsResults() throws Exception {
        String location = form(post("/sweeps"), "alpha-7b, huge-1t", "h100-sxm vllm precision=fp8", "1, 2",
                "128/64").andExpect(status().is3xxRedirection()).andExpect(redirectedUrlPattern("/sweeps/*"))
                .andReturn().getResponse().getRedirectedUrl();
        long id = Long.parseLong(location.substring(location.lastIndexOf('/') + 1));
        assertThat(store.find(id).orElseThrow().trigger()).isEqualTo(SweepTrigger.MANUAL);
        SweepTesting.awaitFinished(store, id);

        mvc.perform(get("/sweeps/{id}", id))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("id=\"sweep-progress\"")))
                .andExpect(content().string(containsString("SUCCEEDED")))
                .andExpect(content().string(containsString("4 / 4 points, 0 failed, 2 skipped")))
                .andExpect(content().string(containsString("needs 80 GB")))
                .andExpect(content().string(containsString("/js/sweep-progress.js")))
                .andExpect(content().string(not(containsString("id=\"cancel-sweep\""))));
        mvc.perform(get("/sweeps/{id}/progress", id)).andExpect(status().isOk())
                .andExpect(jsonPath("$.progress.done").value(4));
        mvc.perform(get("/sweeps")).andExpect(content().string(containsString("/sweeps/" + id)));
        mvc.perform(get("/sweeps/{id}", 987654321L)).andExpect(status().isNotFound());
    }

    private ResultActions form(MockHttpServletRequestBuilder request, String models, String targets,
            String concurrencies, String workloads) throws Exception {
        // The start form carries its CSRF token (Thymeleaf adds it to th:action forms).
        String page = mvc.perform(get("/sweeps").session(admin)).andReturn().getResponse().getContentAsString();
        return mvc.perform(request.session(admin).param("_csrf", csrfToken(page)).param("name", "page sweep").param("models", models).param("targets", targets)
                .param("concurrencies", concurrencies).param("workloads", workloads)
                .param("promptsPerConcurrency", "10").param("minimumPrompts", "20").param("seed", "0"));
    }
}
