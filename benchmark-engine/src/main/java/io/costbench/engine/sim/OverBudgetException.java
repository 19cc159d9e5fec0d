package io.costbench.engine.sim;

import java.util.List;

/** A run would do more work than its {@link SimulationBudget} allows; refused before it starts. */
public class OverBudgetException extends RuntimeException {

    private final List<String> fields;

    public OverBudgetException(List<String> fields, String message) {
        super(message);
        this.fields = List.copyOf(fields);
    }

    /** The workload fields (as the prediction API names them) whose product is over the budget. */
    public List<String> fields() {
        return fields;
    }
}
