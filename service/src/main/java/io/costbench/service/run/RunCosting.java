package io.costbench.service.run;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.pricing.PurchaseOption;
import io.costbench.service.pricing.CostCalculator;
import io.costbench.service.pricing.PriceBook;
import io.costbench.service.pricing.PriceView;
import io.costbench.service.pricing.PricingProperties;
import io.costbench.service.pricing.Repricing;
import io.costbench.service.prediction.ScenarioResolver;
import io.costbench.service.prediction.UnknownIdException;
import io.costbench.service.web.BadInputException;

/**
 * Prices measured runs like predictions: accelerators billed (from an explicit {@code instanceType} or
 * {@code accelerators} in the context, else from the hardware and TP) x the on-demand price in force on the run's UTC
 * date in the default region (as sweeps are priced) / the measured output throughput. The prediction of the same
 * scenario is priced at the same price on the chips it occupies. No cost is not an error: the cost says why.
 */
@Component
public class RunCosting {

    /** Runs are stored at the option sweeps default to; the CSV export can re-price at another. */
    static final PurchaseOption STORED_OPTION = PurchaseOption.ON_DEMAND;

    private final BillingCatalog catalog;
    private final CostCalculator calculator;
    private final PriceBook priceBook;
    private final PricingProperties pricing;
    private final ScenarioResolver resolver;

    RunCosting(BillingCatalog catalog, CostCalculator calculator, PriceBook priceBook, PricingProperties pricing,
            ScenarioResolver resolver) {
        this.catalog = catalog;
        this.calculator = calculator;
        this.priceBook = priceBook;
        this.pricing = pricing;
        this.resolver = resolver;
    }

    /** The catalog's id for a run's hardware, which may be pushed as an alias ({@code h100-sxm5}); else as pushed. */
    private String catalogHardware(String hardware) {
        try {
            return resolver.hardware(hardware.strip());
        } catch (UnknownIdException e) {
            return hardware.strip();
        }
    }

    /** The accelerator and count a run is billed for, or why neither is known. */
    record Billing(Accelerator accelerator, Integer accelerators, String from, String reason) {

        static Billing unknown(Accelerator accelerator, String reason) {
            return new Billing(accelerator, null, null, reason);
        }
    }

    /**
     * Refuses a context whose billing is contradictory, before anything is stored.
     *
     * @throws BadInputException 422 naming {@code context.instanceType} for an unknown instance type or one holding
     *                           other accelerators than the run's hardware
     */
    void check(RunContext context) {
        if (context.instanceType() == null) {
            return;
        }
        BillingCatalog.InstanceType type = catalog.instanceType(context.instanceType()).orElseThrow(() ->
                BadInputException.unprocessable("context.instanceType", "unknown instance type '"
                        + context.instanceType() + "'; known: " + String.join(", ", catalog.instanceTypeIds())));
        Optional<Accelerator> hardware = Accelerator.forHardware(catalogHardware(context.hardware()));
        if (hardware.isPresent() && hardware.get() != type.accelerator()) {
            throw BadInputException.unprocessable("context.instanceType", type.id() + " holds "
                    + type.accelerator().id() + " accelerators but the run's hardware is " + context.hardware());
        }
    }

    Billing billing(RunContext context, RunScenario scenario) {
        Optional<BillingCatalog.InstanceType> type = catalog.instanceType(context.instanceType());
        if (type.isPresent()) {
            int count = context.accelerators() != null ? context.accelerators() : type.get().accelerators();
            String from = context.accelerators() != null ? "context accelerators on " + type.get().id()
                    : "instance type " + type.get().id() + " (" + type.get().accelerators() + " "
                            + type.get().accelerator().id() + ")";
            return new Billing(type.get().accelerator(), count, from, null);
        }
        String hardware = catalogHardware(scenario.hardware());
        Optional<Accelerator> accelerator = Accelerator.forHardware(hardware);
        if (accelerator.isEmpty()) {
            return Billing.unknown(null, "hardware '" + scenario.hardware() + "' is no accelerator the price catalog"
                    + " knows (" + Arrays.stream(Accelerator.values()).map(Accelerator::id)
                            .collect(Collectors.joining(", ")) + "), so it has no price");
        }
        if (context.accelerators() != null) {
            return new Billing(accelerator.get(), context.accelerators(), "context accelerators", null);
        }
        OptionalInt logicalCoreSize = catalog.logicalCoreSize(hardware);
        if (scenario.tensorParallel() == null || logicalCoreSize.isEmpty()) {
            return Billing.unknown(accelerator.get(), "the run states neither tensorParallel, accelerators nor"
                    + " instanceType, so the accelerators billed are unknown");
        }
        int count = accelerator.get().acceleratorsFor(scenario.tensorParallel(), logicalCoreSize.getAsInt());
        return new Billing(accelerator.get(), count, "tensorParallel " + scenario.tensorParallel() + " on "
                + hardware + " (cores per rank: " + logicalCoreSize.getAsInt() + ")", null);
    }

    /** The run's cost at the price in force on {@code pricedOn}. */
    RunCost price(Billing billing, Double outputThroughput, Map<String, Double> predicted, String basis,
            LocalDate pricedOn, PurchaseOption option) {
        if (billing.reason() != null) {
            return new RunCost(billing.accelerator() == null ? null : billing.accelerator().id(), null, null, basis,
                    pricedOn, null, null, null, billing.reason());
        }
        Optional<Price> price = calculator.priceFor(billing.accelerator().id(), option, pricedOn);
        if (price.isEmpty()) {
            return new RunCost(billing.accelerator().id(), billing.accelerators(), billing.from(), basis, pricedOn,
                    null, null, null, "no " + option.id() + " price for " + billing.accelerator().id()
                            + " in force on " + pricedOn + " (region " + pricing.defaultRegion() + ")");
        }
        return costed(billing, price.get(), outputThroughput, predicted, basis, pricedOn);
    }

    /** A stored run's cost as stored at push: the price then in force, looked up by its id through {@code prices}. */
    RunCost stored(MeasuredRun run, LongFunction<PriceView> prices) {
        LocalDate ranOn = runDate(run.getCreatedAt());
        return new RunCost(run.getBilledAccelerator(), run.getBilledAccelerators(), run.getAcceleratorsFrom(),
                Repricing.AT_RUN, ranOn, run.getUsdPerMillionOutputTokens(),
                run.getPredictedUsdPerMillionOutputTokens(),
                run.getCostPriceId() == null ? null : prices.apply(run.getCostPriceId()), run.getCostReason());
    }

    /** A stored run re-priced at today's price of the stored option, on the accelerators stored at push. */
    RunCost today(MeasuredRun run, Map<String, Double> predicted) {
        Billing billing = run.getBilledAccelerators() == null
                ? Billing.unknown(null, run.getCostReason() == null ? "no accelerators stored for the run"
                        : run.getCostReason())
                : new Billing(Accelerator.fromId(run.getBilledAccelerator()).orElseThrow(),
                        run.getBilledAccelerators(), run.getAcceleratorsFrom(), null);
        return price(billing, run.getOutputThroughput(), predicted, Repricing.CURRENT, priceBook.today(),
                STORED_OPTION);
    }

    PriceView priceView(long id) {
        return PriceView.of(priceBook.get(id));
    }

    static LocalDate runDate(Instant at) {
        return at.atZone(ZoneOffset.UTC).toLocalDate();
    }

    private static RunCost costed(Billing billing, Price price, Double outputThroughput, Map<String, Double> predicted,
            String basis, LocalDate pricedOn) {
        PriceView view = PriceView.of(price);
        Double predictedCost = predictedCost(billing, price, predicted);
        if (outputThroughput == null || !(outputThroughput > 0) || outputThroughput.isInfinite()) {
            return new RunCost(billing.accelerator().id(), billing.accelerators(), billing.from(), basis, pricedOn,
                    null, predictedCost, view, "the run reports no output throughput");
        }
        double measured = CostMath.perMillion(billing.accelerators() * price.perHour(), outputThroughput);
        return new RunCost(billing.accelerator().id(), billing.accelerators(), billing.from(), basis, pricedOn,
                measured, predictedCost, view, null);
    }

    /**
     * The prediction on the chips it occupies (its throughput per chip), so a run billed for a whole instance is
     * compared with the model's deployment of its TP; the billed count when the prediction has no per-chip figure.
     */
    private static Double predictedCost(Billing billing, Price price, Map<String, Double> predicted) {
        return predicted == null ? null : predictedCost(price.perHour(), billing.accelerators(),
                predicted.get("output_throughput_per_chip"), predicted.get("output_throughput"));
    }

    /**
     * USD per million output tokens of a prediction: the price per accelerator-hour over its output throughput per
     * chip, or the billed accelerators' price over its output throughput when it has no per-chip figure; null without
     * either.
     */
    public static Double predictedCost(double usdPerAcceleratorHour, int billedAccelerators, Double perChip,
            Double output) {
        if (perChip != null && perChip > 0 && !perChip.isInfinite()) {
            return CostMath.perMillion(usdPerAcceleratorHour, perChip);
        }
        return output != null && output > 0 && !output.isInfinite()
                ? CostMath.perMillion(billedAccelerators * usdPerAcceleratorHour, output) : null;
    }
}
