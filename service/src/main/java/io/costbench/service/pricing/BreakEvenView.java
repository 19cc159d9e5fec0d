package io.costbench.service.pricing;

import java.util.List;

import io.costbench.pricing.BreakEven;
import io.costbench.service.accuracy.ValidatedAccuracy;

/**
 * Target A against target B, as GET /api/v1/break-even returns it.
 *
 * @param aCheaperConcurrencies sweep concurrencies (inclusive runs) where A costs less per million output tokens
 * @param verdict               the code of {@link BreakEven.Verdict}; {@code verdictText} says it in words
 */
public record BreakEvenView(String model, int inputTokens, int outputTokens, TargetView a, TargetView b,
        List<PointView> points, List<BreakEven.ConcurrencyRange> aCheaperConcurrencies, String verdict,
        String verdictText, List<IsoView> isoInteractivity) {

    /**
     * @param accuracy how far predictions of this hardware, profile and model kind were from public measurements
     *                 (the validation report's group); null where none covers it
     */
    public record TargetView(String hardware, String profile, PriceView price, ValidatedAccuracy accuracy) {
    }

    /** One side of a concurrency: its throughput, interactivity and cost. */
    public record SideView(int chips, double outputTokensPerSecond, double totalTokensPerSecond,
            double interactivity, double usdPerMillionOutputTokens, double usdPerMillionTotalTokens) {
    }

    /**
     * @param costRatio                        A's cost per million output tokens / B's
     * @param aBreakEvenUsdPerAcceleratorHour A's price at which it would cost what B costs at this concurrency
     * @param bBreakEvenUsdPerAcceleratorHour B's price at which it would cost what A costs at this concurrency
     */
    public record PointView(int concurrency, SideView a, SideView b, double costRatio, String cheaper,
            double aBreakEvenUsdPerAcceleratorHour, double bBreakEvenUsdPerAcceleratorHour) {
    }

    /** Cost per million output tokens at the same interactivity; null where a sweep does not reach it. */
    public record IsoView(double interactivity, Double aUsdPerMillionOutputTokens,
            Double bUsdPerMillionOutputTokens, Double costRatio) {
    }
}
