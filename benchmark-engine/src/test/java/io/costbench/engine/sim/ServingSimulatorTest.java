package io.costbench.engine.sim;

import java.util.List;
import java.util.function.ToDoubleFunction;

import org.junit.jupiter.api.Test;

import io.costbench.engine.graph.StepShape;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.model.ModelSpec;
import io.costbench.engine.port.PrefillPolicy;
import io.costbench.engine.port.SchedulingRules;
import io.costbench.engine.port.SpeculativeDecoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.data.Percentage.withPercentage;

class ServingSimulatorTest {

    private static final ModelSpec LLAMA = ModelCatalog.standard().get("llama-3.1-8b");
    private static final ModelSpec GEMMA = ModelCatalog.standard().get("gemma4-31b");

    private static SchedulingRules chunked(long kvTokens) {
        return new SchedulingRules(256, 8192, kvTokens, 16, PrefillPolicy.CHUNKED_MIXED, List.of(), null);
    }

    private static SchedulingRules oneAtATime() {
        return new SchedulingRules(64, 8192, 10_000_000, 32, PrefillPolicy.ONE_AT_A_TIME, List.of(), null);
    }

    private static SimulationResult run(SchedulingRules rules, ToDoubleFunction<StepShape> cost, Workload workload) {
        return ServingSimulator.simulate(new FakeDeployment(LLAMA, rules, cost), workload);
    }

    @Test
    void concurrencyOneMatchesHandComputedLatencies() {
        // 5 ms per step + 0.01 ms per token: prefill of 100 tokens = 6 ms, each decode = 5.01 ms.
        SimulationResult r = run(chunked(1_000_000), FakeDeployment.linear(5, 0.01),
                new Workload(100, 10, 1.0, 1, 0, 20, 0));
        assertThat(r.metric("completed")).isEqualTo(20);
        assertThat(r.metric("mean_ttft_ms")).isCloseTo(6.0, within(1e-9));
        assertThat(r.metric("p99_ttft_ms")).isCloseTo(6.0, within(1e-9));
        assertThat(r.metric("median_tpot_ms")).isCloseTo(5.01, within(1e-9));
        assertThat(r.metric("median_itl_ms")).isCloseTo(5.01, within(1e-9));
        assertThat(r.metric("mean_e2el_ms")).isCloseTo(6.0 + 9 * 5.01, within(1e-9));
        assertThat(r.metric("duration")).isCloseTo(20 * (6.0 + 9 * 5.01) / 1000, within(1e-9));
        assertThat(r.metric("output_throughput")).isCloseTo(200 / r.metric("duration"), within(1e-6));
        assertThat(r.metric("total_token_throughput")).isCloseTo(2200 / r.metric("duration"), within(1e-6));
        assertThat(r.metric("output_throughput_per_chip")).isCloseTo(r.metric("output_throughput") / 2, within(1e-9));
        assertThat(r.metric("interactivity")).isCloseTo(1000 / 5.01, within(1e-9));
        assertThat(r.medianDecodeStep().shape().decodeSequences()).isEqualTo(1);
        assertThat(r.medianDecodeStep().shape().prefills()).isEmpty();
    }

    /**
     * guidellm 0.1 stops at max_duration and cancels what is still in flight: at 51.09 ms a request (above), a client
     * that stops at 200 ms counts the three that completed at 51.09, 102.18 and 153.27 ms, not the fourth it sent.
     */
    @Test
    void aClientThatStopsByTimeCountsOnlyWhatCompletedBeforeIt() {
        Workload twenty = new Workload(100, 10, 1.0, 1, 0, 20, 0);
        SimulationResult stopped = run(chunked(1_000_000), FakeDeployment.linear(5, 0.01), twenty.within(0.2));

        assertThat(stopped.metric("completed")).isEqualTo(3);
        assertThat(stopped.metric("duration") * 1000).isCloseTo(3 * (6.0 + 9 * 5.01), within(1e-9));
        assertThat(stopped.metric("total_output_tokens")).isEqualTo(30);
        // A window longer than the run changes nothing.
        assertThat(run(chunked(1_000_000), FakeDeployment.linear(5, 0.01), twenty.within(100)).metrics())
                .isEqualTo(run(chunked(1_000_000), FakeDeployment.linear(5, 0.01), twenty).metrics());
        assertThat(twenty.within(0.2).replaying(new RequestLengths(new int[] {100}, new int[] {10})).runSeconds())
                .isEqualTo(0.2);
        assertThatThrownBy(() -> twenty.within(-1)).isInstanceOf(IllegalArgumentException.class);
        // Stopped before the first request completed: nothing to compare.
        assertThatThrownBy(() -> run(chunked(1_000_000), FakeDeployment.linear(5, 0.01), twenty.within(0.05)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no request completed");
    }

    @Test
    void replayedLengthsAreSentInOrderAndMatchHandComputedLatencies() {
        // One at a time, 5 ms per step + 0.01 ms per token: a 100-token prompt prefills in 6 ms, a 300-token one in
        // 8 ms, a 50-token one in 5.5 ms; every decode step of one sequence takes 5.01 ms.
        RequestLengths replayed = new RequestLengths(new int[] {100, 300, 50}, new int[] {10, 40, 5});
        Workload workload = Workload.closedLoop(999, 999, 1, 0).replaying(replayed);
        SimulationResult r = run(chunked(1_000_000), FakeDeployment.linear(5, 0.01), workload);

        assertThat(workload.numPrompts()).isEqualTo(3);
        assertThat(workload.inputTokens()).isEqualTo(300);
        assertThat(workload.outputTokens()).isEqualTo(40);
        // The budget counts the run's own tokens, not three requests at the longest.
        assertThat(workload.simulatedTokens()).isEqualTo(505);
        assertThat(r.metric("total_input_tokens")).isEqualTo(450);
        assertThat(r.metric("total_output_tokens")).isEqualTo(55);
        assertThat(r.metric("mean_ttft_ms")).isCloseTo((6.0 + 8.0 + 5.5) / 3, within(1e-9));
        assertThat(r.metric("duration") * 1000).isCloseTo(6.0 + 8.0 + 5.5 + (9 + 39 + 4) * 5.01, within(1e-9));
        assertThatThrownBy(() -> new Workload(300, 40, 1.0, 1, 0, 4, 0, Workload.POISSON, null, replayed))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("replayed lengths");
        assertThatThrownBy(() -> new RequestLengths(new int[] {1, 2}, new int[] {1}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RequestLengths(new int[] {1}, new int[] {0}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void busyTimeSplitsIntoPrefillAndDecodeWork() {
        // One at a time: each request is one 6 ms prefill step and nine 5.01 ms decode steps.
        SimulationResult alone = run(chunked(1_000_000), FakeDeployment.linear(5, 0.01),
                new Workload(100, 10, 1.0, 1, 0, 20, 0));
        assertThat(alone.stats().prefillBusyMs()).isCloseTo(20 * 6.0, within(1e-6));
        assertThat(alone.stats().decodeBusyMs()).isCloseTo(20 * 9 * 5.01, within(1e-6));
        assertThat(alone.stats().prefillTimeShare()).isCloseTo(6.0 / (6.0 + 9 * 5.01), within(1e-9));
        // Chunked prefill riding on decodes: the prompts cost what they add to a step, 0.01 ms per prompt token,
        // plus the fixed 5 ms of any step that has no decodes to ride on.
        Workload busy = Workload.closedLoop(512, 128, 16, 1);
        SimulationResult mixed = run(chunked(10_000_000), FakeDeployment.linear(5, 0.01), busy);
        double promptMs = 0.01 * 512 * busy.numPrompts();
        assertThat(mixed.stats().prefillBusyMs()).isBetween(promptMs - 1e-6, promptMs + 5.0 * busy.numPrompts());
        assertThat(mixed.stats().prefillBusyMs() + mixed.stats().decodeBusyMs())
                .isCloseTo(mixed.metric("duration") * 1000, within(1e-6 * mixed.metric("duration") * 1000));
        assertThat(mixed.stats().prefillTimeShare()).isBetween(0.0, 1.0);
    }

    @Test
    void throughputRisesAndTpotGrowsWithConcurrency() {
        double previousThroughput = 0;
        double previousTpot = 0;
        for (int concurrency : new int[] {1, 4, 16, 64}) {
            SimulationResult r = run(chunked(10_000_000), FakeDeployment.linear(8, 0.02),
                    Workload.closedLoop(512, 128, concurrency, 1));
            assertThat(r.metric("output_throughput")).isGreaterThan(previousThroughput * 1.5);
            assertThat(r.metric("median_tpot_ms")).isGreaterThan(previousTpot);
            assertThat(r.stats().meanDecodeBatch()).isLessThanOrEqualTo(concurrency);
            previousThroughput = r.metric("output_throughput");
            previousTpot = r.metric("median_tpot_ms");
        }
    }

    @Test
    void runningOutOfKvCacheQueuesAndPreempts() {
        Workload workload = Workload.closedLoop(1000, 500, 32, 3);
        SimulationResult ample = run(chunked(10_000_000), FakeDeployment.linear(5, 0.01), workload);
        // Room for ~8 full sequences of 1,500 tokens while 32 are in flight.
        SimulationResult tight = run(chunked(12_000), FakeDeployment.linear(5, 0.01), workload);
        assertThat(ample.stats().preemptions()).isZero();
        assertThat(tight.stats().preemptions()).isPositive();
        assertThat(tight.stats().peakKvBlocksUsed()).isLessThanOrEqualTo(tight.stats().kvBlocksTotal());
        assertThat(tight.metric("median_ttft_ms")).isGreaterThan(3 * ample.metric("median_ttft_ms"));
        assertThat(tight.metric("output_throughput")).isLessThan(ample.metric("output_throughput"));
        assertThat(tight.metric("completed")).isEqualTo(workload.numPrompts());
    }

    @Test
    void aSequenceLargerThanTheCacheIsRejected() {
        assertThatThrownBy(() -> run(chunked(1_000), FakeDeployment.linear(5, 0.01),
                Workload.closedLoop(1000, 500, 1, 0))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit the KV cache");
    }

    @Test
    void oneAtATimePrefillMakesTtftGrowWithConcurrency() {
        // Prefill of 1,000 tokens = 15 ms alone in its step; a closed loop of C starts with C prefills in a row.
        ToDoubleFunction<StepShape> cost = FakeDeployment.linear(5, 0.01);
        SimulationResult one = run(oneAtATime(), cost, Workload.closedLoop(1000, 100, 1, 0));
        SimulationResult sixteen = run(oneAtATime(), cost, Workload.closedLoop(1000, 100, 16, 0));
        assertThat(one.metric("median_ttft_ms")).isCloseTo(15.0, within(1e-9));
        assertThat(sixteen.metric("p99_ttft_ms")).isGreaterThan(10 * 15.0);
        assertThat(sixteen.metric("mean_ttft_ms")).isGreaterThan(5 * one.metric("mean_ttft_ms"));
        // Every step is pure: the median decode step has no prefill and all running sequences.
        assertThat(sixteen.medianDecodeStep().shape().prefills()).isEmpty();
        assertThat(sixteen.medianDecodeStep().shape().decodeSequences()).isGreaterThan(8);
    }

    @Test
    void chunkedPrefillKeepsTtftFlatWhereOneAtATimeDoesNot() {
        ToDoubleFunction<StepShape> cost = FakeDeployment.linear(5, 0.01);
        Workload workload = Workload.closedLoop(1000, 100, 16, 0);
        SimulationResult mixed = run(chunked(10_000_000), cost, workload);
        SimulationResult separate = run(oneAtATime(), cost, workload);
        assertThat(mixed.metric("mean_ttft_ms")).isLessThan(separate.metric("mean_ttft_ms"));
    }

    @Test
    void speculativeDecodingEmitsExpectedTokensPerVerifyStep() {
        SpeculativeDecoding eagle = new SpeculativeDecoding("eagle3", 3, List.of(0.8, 0.7, 0.6));
        SchedulingRules rules = new SchedulingRules(256, 8192, 10_000_000, 16, PrefillPolicy.CHUNKED_MIXED,
                List.of(), eagle);
        FakeDeployment deployment = new FakeDeployment(LLAMA, rules, FakeDeployment.linear(5, 0.01));
        SimulationResult r = ServingSimulator.simulate(deployment, new Workload(100, 2001, 1.0, 1, 0, 20, 7));
        double tokensPerDecodeStep = 20 * 2000.0 / r.stats().decodeOnlySteps();
        assertThat(tokensPerDecodeStep).isCloseTo(eagle.expectedTokensPerStep(), withPercentage(3));
        assertThat(r.medianDecodeStep().shape().decodeTokensPerSequence()).isEqualTo(4);
        // A verify step costs 5 + 4 x 0.01 ms and yields ~2.34 tokens.
        assertThat(r.metric("mean_tpot_ms")).isCloseTo(5.04 / eagle.expectedTokensPerStep(), withPercentage(3));

        SimulationResult plain = run(chunked(10_000_000), FakeDeployment.linear(5, 0.01),
                new Workload(100, 2001, 1.0, 1, 0, 20, 7));
        assertThat(r.metric("output_throughput")).isGreaterThan(2 * plain.metric("output_throughput"));
    }

    @Test
    void certainAcceptanceEmitsAllDraftsPlusTheBonusToken() {
        SpeculativeDecoding sure = new SpeculativeDecoding("eagle3", 2, List.of(1.0, 1.0));
        SchedulingRules rules = new SchedulingRules(8, 8192, 1_000_000, 16, PrefillPolicy.CHUNKED_MIXED, List.of(),
                sure);
        SimulationResult r = ServingSimulator.simulate(new FakeDeployment(LLAMA, rules, shape -> 3.0),
                new Workload(10, 7, 1.0, 1, 0, 20, 0));
        // 1 token from prefill, then verify steps of 3 tokens: 3 + 3 = 6 more.
        assertThat(r.stats().decodeOnlySteps()).isEqualTo(20 * 2);
        assertThat(r.metric("mean_tpot_ms")).isCloseTo(2 * 3.0 / 6, within(1e-9));
        assertThat(r.metric("median_itl_ms")).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void sameSeedSameNumbersAndRangeRatioDrawsWithinBounds() {
        Workload workload = new Workload(1024, 512, 0.8, 24, 0, 240, 42);
        SimulationResult a = run(chunked(200_000), FakeDeployment.linear(6, 0.015), workload);
        SimulationResult b = run(chunked(200_000), FakeDeployment.linear(6, 0.015), workload);
        assertThat(a.metrics()).isEqualTo(b.metrics());
        assertThat(a.medianDecodeStep()).isEqualTo(b.medianDecodeStep());
        SimulationResult other = run(chunked(200_000), FakeDeployment.linear(6, 0.015),
                new Workload(1024, 512, 0.8, 24, 0, 240, 43));
        assertThat(other.metric("total_input_tokens")).isNotEqualTo(a.metric("total_input_tokens"));
        assertThat(a.metric("total_input_tokens") / 240).isBetween(819.0, 1024.0);
        assertThat(a.metric("total_output_tokens") / 240).isBetween(409.0, 512.0);
    }

    @Test
    void aRangeRatioOfZeroDrawsLengthsFromOneToTheStatedLengthAsSglangDoes() {
        // sglang.bench_serving's default --random-range-ratio 0: lengths uniform in [1, L], mean about L / 2.
        SimulationResult r = run(chunked(200_000), FakeDeployment.linear(6, 0.015),
                new Workload(1000, 400, 0.0, 8, 0, 400, 7));
        assertThat(r.metric("total_input_tokens") / 400).isBetween(450.0, 550.0);
        assertThat(r.metric("total_output_tokens") / 400).isBetween(180.0, 220.0);
        assertThatThrownBy(() -> new Workload(1000, 400, -0.1, 8, 0, 400, 7))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 1]");
        assertThatThrownBy(() -> new Workload(1000, 400, 1.1, 8, 0, 400, 7))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[0, 1]");
    }

    @Test
    void openLoopPoissonArrivalsAtLowRateDoNotQueue() {
        SimulationResult r = run(chunked(10_000_000), FakeDeployment.linear(5, 0.01),
                new Workload(200, 50, 1.0, 0, 2.0, 400, 5));
        // 2 requests/s, each ~0.25 s long: the request throughput is the offered rate.
        assertThat(r.metric("request_throughput")).isCloseTo(2.0, withPercentage(12));
        assertThat(r.metric("median_ttft_ms")).isLessThan(12.0);
    }

    @Test
    void burstierArrivalsAtTheSameRateQueueMore() {
        SimulationResult poisson = run(chunked(10_000_000), FakeDeployment.linear(5, 0.5),
                new Workload(200, 50, 1.0, 0, 3.0, 400, 5));
        SimulationResult bursty = run(chunked(10_000_000), FakeDeployment.linear(5, 0.5),
                new Workload(200, 50, 1.0, 0, 3.0, 400, 5, 0.1));
        // Same offered rate; gamma gaps of shape 0.1 bunch the arrivals, so requests wait for each other.
        assertThat(bursty.metric("request_throughput")).isCloseTo(3.0, withPercentage(30));
        assertThat(bursty.metric("p90_ttft_ms")).isGreaterThan(2 * poisson.metric("p90_ttft_ms"));
    }

    @Test
    void evenlySpacedArrivalsQueueLessThanPoissonOnesAtTheSameRate() {
        SimulationResult poisson = run(chunked(10_000_000), FakeDeployment.linear(5, 0.5),
                new Workload(200, 50, 1.0, 0, 3.0, 400, 5));
        SimulationResult even = run(chunked(10_000_000), FakeDeployment.linear(5, 0.5),
                new Workload(200, 50, 1.0, 0, 3.0, 400, 5, Workload.EVENLY_SPACED));
        // GuideLLM's constant rate: one request every 1/3 s, never two at once, so the first tokens hardly vary.
        assertThat(even.metric("request_throughput")).isCloseTo(3.0, withPercentage(2));
        assertThat(even.metric("p99_ttft_ms")).isLessThan(1.2 * even.metric("median_ttft_ms"));
        assertThat(poisson.metric("p99_ttft_ms")).isGreaterThan(1.5 * even.metric("p99_ttft_ms"));
        assertThatThrownBy(() -> new Workload(200, 50, 1.0, 0, 3.0, 400, 5, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aConstantRateScheduleEndsAtPromptsOverRateAsVllmRescalesIt() {
        // vLLM bench serve rescales its gaps so 50 requests at 5/s are all sent by 10 s exactly, whatever the draw;
        // each then takes about 51 ms alone (6 ms prefill, nine 5.01 ms decodes).
        for (long seed = 0; seed < 10; seed++) {
            SimulationResult r = run(chunked(10_000_000), FakeDeployment.linear(5, 0.01),
                    new Workload(100, 10, 1.0, 0, 5.0, 50, seed));
            assertThat(r.metric("duration")).as("seed %d", seed).isBetween(10.0 + 0.051, 10.0 + 0.2);
        }
    }

    @Test
    void aRampUpSendsEachRequestAtItsOwnRate() {
        // Gaps of exactly 1 / rate while the rate climbs from 1 to 9 requests/s over 40 requests; every request
        // runs alone (the shortest gap, 111 ms, is longer than a request's 51.09 ms), so the run lasts the sum of
        // the gaps, the first included, plus the last request.
        int prompts = 40;
        double aloneMs = 6.0 + 9 * 5.01;
        for (RampUp.Strategy strategy : RampUp.Strategy.values()) {
            RampUp ramp = new RampUp(strategy, 1.0, 9.0);
            double gapsMs = 0;
            for (int i = 0; i < prompts; i++) {
                double progress = i / (prompts - 1.0);
                double rate = strategy == RampUp.Strategy.LINEAR ? 1 + 8 * progress : Math.pow(9, progress);
                gapsMs += 1000.0 / rate;
            }
            SimulationResult r = run(chunked(10_000_000), FakeDeployment.linear(5, 0.01),
                    new Workload(100, 10, 1.0, 0, 0, prompts, 3, Workload.EVENLY_SPACED, ramp));
            assertThat(r.metric("duration")).as(strategy.name()).isCloseTo((gapsMs + aloneMs) / 1000, within(1e-9));
            assertThat(r.metric("completed")).isEqualTo(prompts);
        }
        // Poisson gaps around the same climbing rate: not rescaled, so the span is near, not at, the sum.
        SimulationResult poisson = run(chunked(10_000_000), FakeDeployment.linear(5, 0.01),
                new Workload(100, 10, 1.0, 0, 0, 400, 3, Workload.POISSON, new RampUp(RampUp.Strategy.LINEAR, 1, 9)));
        double expectedS = 400 / 8.0 * Math.log(9);
        assertThat(poisson.metric("duration")).isCloseTo(expectedS, withPercentage(15));
    }

    @Test
    void aRampUpIsRefusedWithARequestRateOrAFallingOrZeroRate() {
        RampUp ramp = new RampUp(RampUp.Strategy.LINEAR, 1, 9);
        assertThatThrownBy(() -> new Workload(100, 10, 1.0, 0, 2.0, 40, 3, Workload.POISSON, ramp))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ramp-up sets the request rate");
        assertThatThrownBy(() -> new RampUp(RampUp.Strategy.EXPONENTIAL, 0, 9))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("positive start rate");
        assertThatThrownBy(() -> new RampUp(RampUp.Strategy.LINEAR, 9, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least");
        assertThatThrownBy(() -> new RampUp(null, 1, 9)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void slidingWindowModelsReportWindowedContextSums() {
        SimulationResult r = ServingSimulator.simulate(new FakeDeployment(GEMMA, chunked(10_000_000),
                shape -> 4 + 1e-4 * shape.decodeWindowedContextTokensSum()), Workload.closedLoop(3000, 200, 4, 0));
        StepShape median = r.medianDecodeStep().shape();
        assertThat(median.decodeWindowedContextTokensSum()).isEqualTo(4L * 1024);
        assertThat(median.decodeContextTokensSum()).isGreaterThan(4L * 3000);
    }

    @Test
    void theMemoPricesEachCanonicalShapeOnceAcrossRuns() {
        FakeDeployment deployment = new FakeDeployment(LLAMA, chunked(10_000_000), FakeDeployment.linear(5, 0.01));
        ServingSimulator simulator = new ServingSimulator(deployment);
        SimulationResult first = simulator.run(Workload.closedLoop(1024, 1024, 64, 0));
        int calls = deployment.priceCalls.get();
        assertThat(calls).isLessThan((int) first.stats().steps() / 4);
        SimulationResult second = simulator.run(Workload.closedLoop(1024, 1024, 64, 0));
        assertThat(deployment.priceCalls.get()).isEqualTo(calls);
        assertThat(second.stats().pricedShapes()).isZero();
        assertThat(second.metrics()).isEqualTo(first.metrics());
    }
}
