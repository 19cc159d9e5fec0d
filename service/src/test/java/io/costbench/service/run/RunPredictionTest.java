package io.costbench.service.run;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.costbench.engine.sim.RampUp;
import io.costbench.engine.sim.RequestLengths;
import io.costbench.engine.sim.Workload;

import static org.assertj.core.api.Assertions.assertThat;

/** What a prediction says of the client it simulated, in the API's words and in the run page's sentence. */
class RunPredictionTest {

    private static RunPrediction simulated(Workload workload) {
        return simulated(workload, RunPrediction.FIXED);
    }

    private static RunPrediction simulated(Workload workload, String lengths) {
        return RunPrediction.compare(Map.of("output_throughput", 100.0), Map.of("output_throughput", 90.0), workload,
                lengths);
    }

    @Test
    void eachClientIsNamedAndSaidInASentence() {
        RunPrediction closed = simulated(Workload.closedLoop(200, 128, 8, 0));
        RunPrediction gamma = simulated(new Workload(200, 128, 1.0, 0, 2.0, 60, 0, 0.25));
        RunPrediction ramp = simulated(new Workload(200, 128, 1.0, 4, 0, 60, 0, 0.25,
                new RampUp(RampUp.Strategy.LINEAR, 1, 16)));

        assertThat(closed.arrivals()).isEqualTo("closed-loop");
        assertThat(closed.simulatedClient()).isEqualTo("80 requests, a closed loop");
        assertThat(gamma.arrivals()).isEqualTo("gamma, burstiness 0.25");
        assertThat(gamma.simulatedClient())
                .isEqualTo("60 requests, gamma, burstiness 0.25 arrivals at the stated request rate");
        assertThat(ramp.arrivals()).isEqualTo("gamma, burstiness 0.25, linear ramp-up 1.0 to 16.0 requests/s");
        assertThat(ramp.simulatedClient())
                .isEqualTo("60 requests, gamma, burstiness 0.25 arrivals, linear ramp-up 1.0 to 16.0 requests/s");
        assertThat(RunPrediction.unavailable("unknown model x").simulatedClient()).isNull();
        assertThat(closed.lengths()).isEqualTo("fixed");

        RunPrediction spread = simulated(new Workload(200, 128, 0.0, 8, 0, 80, 0), "range ratio 0.0");
        RunPrediction replayed = simulated(Workload.closedLoop(200, 128, 8, 0)
                .replaying(new RequestLengths(new int[] {120, 250}, new int[] {30, 90})), RunPrediction.REPLAYED);
        assertThat(spread.simulatedClient()).isEqualTo("80 requests, a closed loop; lengths: range ratio 0.0");
        assertThat(replayed.numPrompts()).isEqualTo(2);
        assertThat(replayed.simulatedClient()).isEqualTo("2 requests, a closed loop; lengths: the run's own");
        assertThat(closed.relativeError()).containsEntry("output_throughput", -0.1);
        RunPrediction stopped = simulated(Workload.closedLoop(200, 128, 1, 0).within(30));
        assertThat(stopped.runSeconds()).isEqualTo(30.0);
        assertThat(closed.runSeconds()).isNull();
        assertThat(stopped.simulatedClient())
                .isEqualTo("20 requests, a closed loop; stopped after 30 s, what was in flight not counted");
        RunPrediction rampedSlots = simulated(new Workload(200, 128, 0.0, 8, 0, 80, 0).withConcurrencyRamp(30),
                "range ratio 0.0");
        assertThat(rampedSlots.arrivals()).isEqualTo("closed-loop, concurrency ramped from 1 to 8 over 30 s");
        assertThat(rampedSlots.simulatedClient())
                .isEqualTo("80 requests, a closed loop, concurrency ramped from 1 to 8 over 30 s; lengths: range ratio 0.0");
        RunPrediction cappedRate = simulated(new Workload(200, 128, 1.0, 4, 2.0, 60, 0).withConcurrencyRamp(2.5));
        assertThat(cappedRate.simulatedClient()).isEqualTo("60 requests, poisson arrivals at the stated request rate,"
                + " concurrency ramped from 1 to 4 over 2.5 s");
    }
}
