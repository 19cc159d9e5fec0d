package io.costbench.service.sweep;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import io.costbench.service.security.ApiTokens;
import io.costbench.service.security.Scope;
import io.costbench.service.security.TestTokens;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

@Tag("database")
@SpringBootTest(properties = "spring.quartz.scheduler-name=sweep-api-test")
@AutoConfigureMockMvc
@Import(FakeSimulatorConfig.class)
class SweepApiTest {

    private static final String SMALL = """
            {"name":"api small","models":["alpha-7b","huge-1t"],
             "targets":[{"hardware":"h100-sxm","profile":"vllm","tensorParallel":2,"precision":"fp8"}],
             "concurrencies":[1,4],"workloads":[{"inputTokens":128,"outputTokens":64}],
             "numPrompts":{"perConcurrency":5,"minimum":10},"seed":42}""";

    @Autowired
    MockMvc mvc;
    @Autowired
    SweepStore store;
    @Autowired
    JsonMapper json;
    @Autowired
    ApiTokens apiTokens;

    private String sweepsToken;

    @Test
    void startingAndCancellingNeedTheSweepsWriteScope() throws Exception {
        long before = store.count();
        mvc.perform(post("/api/v1/sweeps").contentType(MediaType.APPLICATION_JSON).content("{\"preset\":\"default\"}"))
                .andExpect(status().isUnauthorized());
        String runsOnly = TestTokens.issue(apiTokens, Scope.RUNS_WRITE);
        mvc.perform(post("/api/v1/sweeps").header("Authorization", TestTokens.bearer(runsOnly))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"preset\":\"default\"}"))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.requiredScope").value("sweeps:write"));
        mvc.perform(post("/api/v1/sweeps/{id}/cancel", 1L)).andExpect(status().isUnauthorized());
        assertThat(store.count()).isEqualTo(before);
    }

    @Test
    void thePresetStartsTheDefaultSweep() throws Exception {
        write(post("/api/v1/sweeps").contentType(MediaType.APPLICATION_JSON).content("{\"preset\":\"default\"}"))
                .andExpect(status().isAccepted())
                .andExpect(header().string("Location", org.hamcrest.Matchers.matchesPattern("/api/v1/sweeps/\\d+")))
                .andExpect(jsonPath("$.status").value("QUEUED"))
                .andExpect(jsonPath("$.progress.done").value(0))
                .andExpect(jsonPath("$.progress.total").value(243))
                .andExpect(jsonPath("$.progress.failed").value(0))
                .andExpect(jsonPath("$.trigger").value("API"))
                .andExpect(jsonPath("$.requestedBy").value(org.hamcrest.Matchers.startsWith("token ")));
    }

    @Test
    void aDefinitionRunsAndItsResultsAreReadable() throws Exception {
        MvcResult created = write(post("/api/v1/sweeps").contentType(MediaType.APPLICATION_JSON).content(SMALL))
                .andExpect(status().isAccepted()).andReturn();
        long id = json.readTree(created.getResponse().getContentAsString()).get("id").asLong();
        assertThat(created.getResponse().getHeader("Location")).isEqualTo("/api/v1/sweeps/" + id);
        SweepTesting.awaitFinished(store, id);

        mvc.perform(get("/api/v1/sweeps/{id}", id))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("SUCCEEDED"))
                .andExpect(jsonPath("$.progress.done").value(4))
                .andExpect(jsonPath("$.progress.skipped").value(2))
                .andExpect(jsonPath("$.definition.seed").value(42))
                .andExpect(jsonPath("$.definition.targets[0].tensorParallel").value(2));
        String results = mvc.perform(get("/api/v1/sweeps/{id}/results?page=0&size=3", id))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.totalItems").value(4))
                .andExpect(jsonPath("$.items.length()").value(3))
                .andReturn().getResponse().getContentAsString();
        JsonNode first = json.readTree(results).get("items").get(0);
        assertThat(first.get("scenarioKey").asString()).isEqualTo("alpha-7b|h100-sxm|vllm|default|tp=2|fp8|128/64|c=1");
        assertThat(first.get("metrics").get("output_throughput").asDouble()).isPositive();
        mvc.perform(get("/api/v1/sweeps?page=0&size=1")).andExpect(status().isOk())
                .andExpect(jsonPath("$.items.length()").value(1))
                .andExpect(jsonPath("$.totalItems").value(org.hamcrest.Matchers.greaterThanOrEqualTo(1)));
        write(post("/api/v1/sweeps/{id}/cancel", id)).andExpect(status().isConflict())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
    }

    @Test
    void violationsAreProblemsNamingTheFieldAndWriteNothing() throws Exception {
        long before = store.count();
        expectProblem(SMALL.replace("\"concurrencies\":[1,4]", "\"concurrencies\":[1,0]"), "concurrencies[1]");
        expectProblem(SMALL.replace("\"hardware\":\"h100-sxm\"", "\"hardware\":\"H100 SXM!\""),
                "targets[0].hardware");
        expectProblem(SMALL.replace("\"seed\":42", "\"seed\":42,\"colour\":\"red\""), "colour");
        expectProblem(SMALL.replace("\"concurrencies\":[1,4]", "\"concurrencies\":[1,1.5]"), "concurrencies[1]");
        expectProblem(SMALL.replace("\"concurrencies\":[1,4]", "\"concurrencies\":[4,4]"), "concurrencies[1]");
        expectProblem(SMALL.replace("\"precision\":\"fp8\"", "\"precision\":\"int3\""), "targets[0].precision");
        // the tensor parallelisms a prediction accepts (issue 16: a sweep took TP=3)
        expectProblem(SMALL.replace("\"tensorParallel\":2", "\"tensorParallel\":3"), "targets[0].tensorParallel");
        expectProblem(SMALL.replace("\"models\":[\"alpha-7b\",\"huge-1t\"],", ""), "models");
        // an unknown id is a 422 on every endpoint (issue 13), here as in the predictions API
        write(post("/api/v1/sweeps").contentType(MediaType.APPLICATION_JSON)
                .content(SMALL.replace("\"huge-1t\"", "\"unknown-3b\"")))
                .andExpect(status().isUnprocessableContent())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.errors[0].field").value("models[1]"));
        expectProblem(SMALL.replace("\"perConcurrency\":5", "\"perConcurrency\":1000")
                .replace("\"concurrencies\":[1,4]", "\"concurrencies\":[1,4000]"), "numPrompts.perConcurrency");
        expectProblem("{\"preset\":\"biggest\"}", "preset");
        expectProblem("[1,2]", "");
        expectProblem("{\"name\":", "");
        assertThat(store.count()).isEqualTo(before);
    }

    @Test
    void moreThanTheMaximumPointsIsRefused() throws Exception {
        StringBuilder models = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            models.append(i == 0 ? "" : ",").append("\"m").append(i).append('"');
        }
        StringBuilder concurrencies = new StringBuilder();
        for (int c = 1; c <= 32; c++) {
            concurrencies.append(c == 1 ? "" : ",").append(c);
        }
        StringBuilder workloads = new StringBuilder();
        for (int w = 1; w <= 32; w++) {
            workloads.append(w == 1 ? "" : ",").append("{\"inputTokens\":").append(w).append(",\"outputTokens\":8}");
        }
        String body = SMALL.replace("[\"alpha-7b\",\"huge-1t\"]", "[" + models + "]")
                .replace("[1,4]", "[" + concurrencies + "]")
                .replace("[{\"inputTokens\":128,\"outputTokens\":64}]", "[" + workloads + "]")
                .replace("\"tensorParallel\":2", "\"tensorParallel\":2},{\"hardware\":\"trn2\",\"profile\":\"p\"");
        write(post("/api/v1/sweeps").contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].message").value(org.hamcrest.Matchers.containsString(
                        "102400 points; at most 100000")));
    }

    @Test
    void unknownSweepsAndBadPagesAreProblems() throws Exception {
        mvc.perform(get("/api/v1/sweeps/{id}", 987654321L)).andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
        write(post("/api/v1/sweeps/{id}/cancel", 987654321L)).andExpect(status().isNotFound());
        mvc.perform(get("/api/v1/sweeps?size=5000")).andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("size"));
        write(post("/api/v1/sweeps").contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\":\"" + "x".repeat(300_000) + "\"}"))
                .andExpect(status().isPayloadTooLarge());
    }

    private void expectProblem(String body, String field) throws Exception {
        write(post("/api/v1/sweeps").contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.errors[0].field").value(field));
    }

    /** A write request as an API client with the sweeps:write scope makes it. */
    private ResultActions write(MockHttpServletRequestBuilder request) throws Exception {
        if (sweepsToken == null) {
            sweepsToken = TestTokens.issue(apiTokens, Scope.SWEEPS_WRITE);
        }
        return mvc.perform(request.header("Authorization", TestTokens.bearer(sweepsToken)));
    }
}
