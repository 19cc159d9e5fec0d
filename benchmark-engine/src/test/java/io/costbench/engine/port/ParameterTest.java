package io.costbench.engine.port;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The plausible range is enforced where a parameter is made, edges included, so no caller can hold one outside it. */
class ParameterTest {

    private static Parameter parameter(double value) {
        return new Parameter("hbmEfficiency", value, "fraction", "calibrated on: test", 0.8, 0.5, 0.95);
    }

    @Test
    void theRangeEdgesAreInside() {
        assertThat(parameter(0.5).value()).isEqualTo(0.5);
        assertThat(parameter(0.95).value()).isEqualTo(0.95);
    }

    @Test
    void aValueJustOutsideTheRangeIsRefusedNamingTheParameter() {
        assertThatThrownBy(() -> parameter(Math.nextDown(0.5))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hbmEfficiency").hasMessageContaining("plausible range");
        assertThatThrownBy(() -> parameter(Math.nextUp(0.95))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hbmEfficiency");
        assertThatThrownBy(() -> parameter(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
