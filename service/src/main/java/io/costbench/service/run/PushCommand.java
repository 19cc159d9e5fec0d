package io.costbench.service.run;

import java.util.List;

/**
 * A push, read and checked: nothing here can fail later for a reason the caller could have fixed.
 *
 * @param runs          one per run in the file, each with its resolved scenario
 * @param rawPayload    the tool's file content, verbatim
 * @param requestSha256 the hash of the whole request, compared when an Idempotency-Key comes again
 */
record PushCommand(RunFormat format, RunContext context, List<ResolvedRun> runs, String rawPayload,
        String requestSha256, String idempotencyKey) {

    record ResolvedRun(ParsedRun parsed, RunScenario scenario) {
    }
}
