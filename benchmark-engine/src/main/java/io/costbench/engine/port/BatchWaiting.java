package io.costbench.engine.port;

/**
 * TensorRT-LLM's batch waiting ({@code batch_wait_timeout_iters}, {@code batch_wait_max_tokens_ratio}): while requests
 * are decoding, new prompts are held back until they and the decodes add up to {@code maxTokensRatio} of the step's
 * token budget or {@code timeoutSteps} steps have gone by, so that prompts are prefilled together
 * (NVIDIA/TensorRT-LLM {@code tensorrt_llm/_torch/pyexecutor/py_executor.py} {@code _waiting_requests}; it never
 * holds prompts back when nothing is decoding).
 *
 * @param timeoutSteps   steps a prompt waits at most; 0 turns the waiting off
 * @param maxTokensRatio fraction of the token budget that ends the wait early
 */
public record BatchWaiting(int timeoutSteps, double maxTokensRatio) {

    /** No waiting: prompts join the next step (vLLM, and TensorRT-LLM's default). */
    public static final BatchWaiting NONE = new BatchWaiting(0, 0);

    public BatchWaiting {
        if (timeoutSteps < 0 || !(maxTokensRatio >= 0 && maxTokensRatio <= 1)) {
            throw new IllegalArgumentException("batch waiting needs timeout steps >= 0 and a ratio in [0, 1]");
        }
    }

    public boolean enabled() {
        return timeoutSteps > 0;
    }
}
