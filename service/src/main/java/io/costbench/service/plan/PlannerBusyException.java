package io.costbench.service.plan;

/** Every plan slot is computing; the caller should retry shortly. */
class PlannerBusyException extends RuntimeException {

    PlannerBusyException(int slots) {
        super("the planner is computing " + slots + " plan(s) already; retry in a few seconds");
    }
}
