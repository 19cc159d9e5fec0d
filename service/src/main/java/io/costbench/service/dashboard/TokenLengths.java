package io.costbench.service.dashboard;

import java.util.List;

/** Input/output token lengths of a scenario; the selector offers the write-up's three. */
public record TokenLengths(int inputTokens, int outputTokens) {

    static final List<TokenLengths> STANDARD = List.of(new TokenLengths(1024, 1024), new TokenLengths(1024, 8192),
            new TokenLengths(8192, 1024));

    /** "1024x1024", the URL form; anything else falls back to 1k/1k. */
    static TokenLengths parse(String value) {
        if (value != null) {
            String[] parts = value.split("x");
            if (parts.length == 2) {
                try {
                    int in = Integer.parseInt(parts[0]);
                    int out = Integer.parseInt(parts[1]);
                    if (in > 0 && out > 0 && in <= 1_000_000 && out <= 1_000_000) {
                        return new TokenLengths(in, out);
                    }
                } catch (NumberFormatException e) {
                    // fall through to the default
                }
            }
        }
        return STANDARD.get(0);
    }

    public String key() {
        return inputTokens + "x" + outputTokens;
    }

    /** "1k/8k" for the round sizes. */
    public String label() {
        return shortTokens(inputTokens) + "/" + shortTokens(outputTokens);
    }

    private static String shortTokens(int tokens) {
        return tokens % 1024 == 0 ? (tokens / 1024) + "k" : Integer.toString(tokens);
    }
}
