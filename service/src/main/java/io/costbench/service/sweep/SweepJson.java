package io.costbench.service.sweep;

import java.time.OffsetDateTime;

import tools.jackson.databind.JsonNode;

/** A sweep as the API shows it: its state and progress, and (on the single-sweep view) its definition. */
public record SweepJson(long id, String name, SweepStatus status, SweepTrigger trigger, String requestedBy,
        Sweep.Progress progress, String catalogVersion, String error, OffsetDateTime createdAt,
        OffsetDateTime startedAt, OffsetDateTime finishedAt, JsonNode definition) {

    static SweepJson of(Sweep sweep, JsonNode definition) {
        return new SweepJson(sweep.id(), sweep.name(), sweep.status(), sweep.trigger(), sweep.requestedBy(),
                sweep.progress(), sweep.catalogVersion(), sweep.errorMessage(), sweep.createdAt(), sweep.startedAt(),
                sweep.finishedAt(), definition);
    }
}
