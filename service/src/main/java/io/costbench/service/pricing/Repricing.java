package io.costbench.service.pricing;

/** The two prices a stored result can be costed at: the one in force when it ran, or today's. */
public final class Repricing {

    public static final String AT_RUN = "at-run";
    public static final String CURRENT = "current";

    private Repricing() {
    }
}
