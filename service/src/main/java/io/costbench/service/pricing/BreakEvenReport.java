package io.costbench.service.pricing;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

import io.costbench.pricing.BreakEven;
import io.costbench.pricing.IsoInteractivity;
import io.costbench.pricing.OperatingPoint;
import io.costbench.pricing.Price;
import io.costbench.pricing.PurchaseOption;
import io.costbench.service.accuracy.ValidatedAccuracy;
import org.springframework.stereotype.Service;

/**
 * Builds the break-even comparison of two targets' sweeps with the catalog's prices: per-concurrency cost pairs, the
 * concurrencies where A is cheaper, the price at which each would break even, and costs at equal interactivity.
 */
@Service
public class BreakEvenReport {

    private final CostCalculator costCalculator;

    BreakEvenReport(CostCalculator costCalculator) {
        this.costCalculator = costCalculator;
    }

    /**
     * A target and its sweep.
     *
     * @param accuracy how far predictions of the target's group were from public measurements; null where none
     *                 covers it
     */
    public record SideSweep(String hardware, String profile, List<OperatingPoint> points, ValidatedAccuracy accuracy) {
    }

    /**
     * @param option null for on-demand; {@code date} null for today
     * @throws PriceNotFoundException when either target's hardware has no price in force
     */
    public BreakEvenView compare(String model, int inputTokens, int outputTokens, SideSweep a, SideSweep b,
            PurchaseOption option, LocalDate date, List<Double> isoInteractivities) {
        Price aPrice = priceOf(a, option, date);
        Price bPrice = priceOf(b, option, date);
        BreakEven result = BreakEven.compare(aPrice, a.points(), bPrice, b.points());
        List<BreakEvenView.PointView> points = new ArrayList<>();
        for (BreakEven.Point p : result.points()) {
            OperatingPoint aPoint = at(a.points(), p.concurrency());
            OperatingPoint bPoint = at(b.points(), p.concurrency());
            points.add(new BreakEvenView.PointView(p.concurrency(), side(aPoint, p.a()), side(bPoint, p.b()),
                    p.costRatio(), p.aCheaper() ? "a" : "b", p.aBreakEvenPricePerHour(), p.bBreakEvenPricePerHour()));
        }
        List<BreakEvenView.IsoView> iso = IsoInteractivity.compare(aPrice, a.points(), bPrice, b.points(),
                isoInteractivities).stream().map(c -> new BreakEvenView.IsoView(c.interactivity(),
                        boxed(c.aUsdPerMillionOutputTokens()), boxed(c.bUsdPerMillionOutputTokens()),
                        boxed(c.costRatio()))).toList();
        return new BreakEvenView(model, inputTokens, outputTokens,
                new BreakEvenView.TargetView(a.hardware(), a.profile(), PriceView.of(aPrice), a.accuracy()),
                new BreakEvenView.TargetView(b.hardware(), b.profile(), PriceView.of(bPrice), b.accuracy()),
                List.copyOf(points), result.aCheaperRanges(), result.verdict().name(), words(a, b, result), iso);
    }

    private Price priceOf(SideSweep sweep, PurchaseOption option, LocalDate date) {
        return costCalculator.priceFor(sweep.hardware(), option, date).orElseThrow(() -> new PriceNotFoundException(
                "no " + (option == null ? PurchaseOption.ON_DEMAND : option).id() + " price for "
                        + sweep.hardware() + " is in force on " + (date == null ? "today" : date)));
    }

    private static BreakEvenView.SideView side(OperatingPoint point, io.costbench.pricing.Cost cost) {
        return new BreakEvenView.SideView(point.accelerators(), point.outputTokensPerSecond(),
                point.totalTokensPerSecond(), point.interactivity(), cost.usdPerMillionOutputTokens(),
                cost.usdPerMillionTotalTokens());
    }

    private static OperatingPoint at(List<OperatingPoint> points, int concurrency) {
        return points.stream().filter(p -> p.concurrency() == concurrency).findFirst().orElseThrow();
    }

    private static Double boxed(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }

    static String words(SideSweep a, SideSweep b, BreakEven result) {
        String aName = a.hardware() + " (" + a.profile() + ")";
        String bName = b.hardware() + " (" + b.profile() + ")";
        return switch (result.verdict()) {
            case A_CHEAPER_AT_EVERY_CONCURRENCY -> aName + " is cheaper per million output tokens at every concurrency";
            case B_CHEAPER_AT_EVERY_CONCURRENCY -> bName + " is cheaper per million output tokens at every concurrency";
            case A_CHEAPER_IN_RANGES -> aName + " is cheaper per million output tokens at concurrency "
                    + result.aCheaperRanges().stream()
                            .map(r -> r.from() == r.to() ? String.valueOf(r.from()) : r.from() + "-" + r.to())
                            .collect(Collectors.joining(", "))
                    + "; " + bName + " elsewhere";
        };
    }
}
