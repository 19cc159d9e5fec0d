package io.costbench.service.sweep;

/** Who started a sweep: a person on the page, a client of the API, or the nightly cron. */
public enum SweepTrigger {
    MANUAL, API, NIGHTLY
}
