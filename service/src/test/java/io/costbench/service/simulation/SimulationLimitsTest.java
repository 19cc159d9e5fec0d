package io.costbench.service.simulation;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.TestingAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.util.unit.DataSize;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.model.Precision;
import io.costbench.engine.port.CostCategory;
import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.Parameter;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.StepCost;
import io.costbench.engine.port.StepExplanation;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationCancelledException;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Anonymous heavy computation behind a small cap, identified callers with their own, and a deadline per request. */
class SimulationLimitsTest {

    private static final ModelSpec LLAMA = ModelCatalog.standard().get("llama-3.1-8b");
    private static final Workload SMALL = Workload.closedLoop(100, 10, 1, 0);

    private final CountDownLatch release = new CountDownLatch(1);
    private final ExecutorService pool = Executors.newFixedThreadPool(2);

    @AfterEach
    void cleanUp() {
        release.countDown();
        pool.shutdownNow();
        RequestContextHolder.resetRequestAttributes();
        SecurityContextHolder.clearContext();
    }

    private static SimulationLimits limits(Duration deadline) {
        return new SimulationLimits(new SimulationProperties(1L << 28, 1L << 22, deadline, deadline, 1, 1,
                Duration.ZERO, Duration.ofSeconds(7), DataSize.ofMegabytes(1)));
    }

    @Test
    void aSecondAnonymousSimulationIsRefusedWithRetryAfterWhileATokenStillGetsItsSlot() throws Exception {
        SimulationLimits limits = limits(Duration.ofMinutes(1));
        CountDownLatch pricing = new CountDownLatch(1);
        ServingSimulator blocking = new ServingSimulator(new SlowDeployment(pricing, release), 1L << 20);
        Future<SimulationResult> first = pool.submit(() -> {
            RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(new MockHttpServletRequest()));
            return limits.run(blocking, SMALL);
        });
        assertThat(pricing.await(30, TimeUnit.SECONDS)).isTrue();

        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(new MockHttpServletRequest()));
        ServingSimulator quick = new ServingSimulator(new SlowDeployment(new CountDownLatch(1), null), 1L << 20);
        assertThatThrownBy(() -> limits.run(quick, SMALL)).isInstanceOf(SimulationBusyException.class)
                .hasMessageContaining("anonymous").hasMessageContaining("API token")
                .satisfies(e -> assertThat(((SimulationBusyException) e).retryAfter()).hasSeconds(7));

        SecurityContextHolder.getContext().setAuthentication(new TestingAuthenticationToken("ci", "x", "runs:write"));
        assertThat(limits.run(quick, SMALL).metric("completed")).isEqualTo(20);
        SecurityContextHolder.clearContext();

        release.countDown();
        assertThat(first.get(30, TimeUnit.SECONDS).metric("completed")).isEqualTo(20);
        // The slot is free again.
        assertThat(limits.run(quick, SMALL).metric("completed")).isEqualTo(20);
    }

    @Test
    void aSecondAnonymousSimulationWaitsForTheSlotWithinSlotWait() throws Exception {
        SimulationLimits limits = new SimulationLimits(new SimulationProperties(1L << 28, 1L << 22,
                Duration.ofMinutes(1), Duration.ofMinutes(1), 1, 1, Duration.ofSeconds(30), Duration.ofSeconds(7),
                DataSize.ofMegabytes(1)));
        CountDownLatch pricing = new CountDownLatch(1);
        ServingSimulator blocking = new ServingSimulator(new SlowDeployment(pricing, release), 1L << 20);
        Future<SimulationResult> first = pool.submit(() -> {
            RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(new MockHttpServletRequest()));
            return limits.run(blocking, SMALL);
        });
        assertThat(pricing.await(30, TimeUnit.SECONDS)).isTrue();
        ServingSimulator quick = new ServingSimulator(new SlowDeployment(new CountDownLatch(1), null), 1L << 20);
        Future<SimulationResult> second = pool.submit(() -> {
            RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(new MockHttpServletRequest()));
            return limits.run(quick, SMALL);
        });
        Thread.sleep(200);
        assertThat(second).as("waits while the only anonymous slot is taken").isNotDone();

        release.countDown();
        assertThat(first.get(30, TimeUnit.SECONDS).metric("completed")).isEqualTo(20);
        assertThat(second.get(30, TimeUnit.SECONDS).metric("completed")).isEqualTo(20);
    }

    @Test
    void theDeadlineOfARequestStopsItsSimulationAndFreesTheSlot() {
        SimulationLimits limits = limits(Duration.ofMillis(1));
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(new MockHttpServletRequest()));
        ServingSimulator slow = new ServingSimulator(new SlowDeployment(new CountDownLatch(1), null), 1L << 20);
        assertThatThrownBy(() -> limits.run(slow, Workload.closedLoop(100, 50_000, 2, 0)))
                .isInstanceOf(SimulationCancelledException.class).hasMessageContaining("deadline");
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(new MockHttpServletRequest()));
        assertThat(limits(Duration.ofMinutes(1)).run(slow, SMALL).metric("completed")).isEqualTo(20);
    }

    /** Prices every shape at 1 ms, waiting on a latch (when given) after signalling the first price. */
    private record SlowDeployment(CountDownLatch pricing, CountDownLatch release) implements Deployment {
        @Override public ModelSpec model() { return LLAMA; }
        @Override public String hardwareId() { return "slow"; }
        @Override public String profileId() { return "slow"; }
        @Override public int tensorParallel() { return 1; }
        @Override public Precision precision() { return Precision.BF16; }
        @Override public Set<String> optimizations() { return Set.of(); }
        @Override public int chips() { return 1; }
        @Override public List<Parameter> parameters() { return List.of(); }
        @Override public String parametersSha256() { return "slow"; }

        @Override
        public SchedulingRules scheduling() {
            return new SchedulingRules(64, 8192, 10_000_000, 16, PrefillPolicy.CHUNKED_MIXED, List.of(), null);
        }

        @Override
        public StepCost price(StepShape shape) {
            pricing.countDown();
            if (release != null) {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return StepCost.of(Map.of(CostCategory.MEMORY, 1.0 + 1e-6 * shape.totalTokens()));
        }

        @Override
        public StepExplanation explain(StepShape shape) {
            return new StepExplanation(shape, price(shape), List.of(), Map.of());
        }
    }
}
