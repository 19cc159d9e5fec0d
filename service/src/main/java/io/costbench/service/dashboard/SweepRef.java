package io.costbench.service.dashboard;

import java.time.Instant;

/** The sweep a page's results come from, for the "from sweep ..." line and its link. */
public record SweepRef(long id, String name, String status, String trigger, Instant finishedAt) {
}
