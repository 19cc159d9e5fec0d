package io.costbench.service.plan;

/** A plan request that parses but cannot be planned (unknown id, contradictory SLO, ...), naming the field. */
class PlanInputException extends RuntimeException {

    private final String field;
    private final String reason;

    PlanInputException(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
        this.reason = reason;
    }

    String field() {
        return field;
    }

    String reason() {
        return reason;
    }
}
