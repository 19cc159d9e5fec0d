package io.costbench.service.dashboard;

import java.time.Instant;

/**
 * The sweep a page's results come from, for the "from sweep ..." line, its link and the sweep selector.
 *
 * @param preset "default" when the sweep ran the default study (nightly or started by hand), else null
 */
public record SweepRef(long id, String name, String status, String trigger, Instant finishedAt, String preset) {

    public boolean isDefaultStudy() {
        return "default".equals(preset);
    }

    /** "#12 nightly 2026-11-30 · NIGHTLY · default study": the selector's option text. */
    public String label() {
        return "#" + id + " " + name + " · " + trigger + (isDefaultStudy() ? " · default study" : "");
    }
}
