package io.costbench.engine.port;

/**
 * A named model parameter with where its value comes from. Calibrated parameters keep their documented or
 * first-principles value and the plausible range they must stay within.
 *
 * @param source     a document, "first principles: ...", or "calibrated on: ..." naming the data
 * @param documented the documented or first-principles value (equal to value when not calibrated)
 */
public record Parameter(String name, double value, String unit, String source, double documented, double min,
        double max) {

    public Parameter {
        if (!(value >= min && value <= max)) { // NaN is outside every range
            throw new IllegalArgumentException(
                    "parameter " + name + " = " + value + " outside its plausible range [" + min + ", " + max + "]");
        }
    }

    public boolean calibrated() {
        return source.startsWith("calibrated");
    }
}
