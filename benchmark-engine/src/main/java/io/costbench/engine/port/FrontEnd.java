package io.costbench.engine.port;

/**
 * The serving stack's request path in front of the engine, as a benchmark client sees it: every request pays a fixed
 * latency (HTTP, validation, hand-off to the engine, streaming the first chunk back), and prompts are tokenized one
 * after another (a single tokenizer worker), so requests sent together reach the engine staggered.
 *
 * @param requestMs              fixed latency per request, not serialised
 * @param tokenizeUsPerPromptToken serial tokenization time per prompt token
 */
public record FrontEnd(double requestMs, double tokenizeUsPerPromptToken) {

    /** No front end: requests reach the engine the moment they are sent (an offline benchmark). */
    public static final FrontEnd NONE = new FrontEnd(0, 0);

    public FrontEnd {
        if (!(requestMs >= 0) || !(tokenizeUsPerPromptToken >= 0)) {
            throw new IllegalArgumentException("front-end latencies must be >= 0");
        }
    }

    /** Serial tokenization time of a prompt, in milliseconds. */
    public double tokenizeMs(int promptTokens) {
        return tokenizeUsPerPromptToken * promptTokens / 1000.0;
    }
}
