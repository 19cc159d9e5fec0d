package io.costbench.service.run;

/**
 * What a push came to: a new upload (201) or a replay of the answer to the same Idempotency-Key and body (200).
 *
 * @param json the answer's body, byte for byte the same on every replay
 */
record PushResult(boolean created, long runId, String json) {
}
