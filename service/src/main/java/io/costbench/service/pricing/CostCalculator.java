package io.costbench.service.pricing;

import java.time.LocalDate;
import java.util.Optional;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.Cost;
import io.costbench.pricing.CostMath;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PurchaseOption;
import org.springframework.stereotype.Service;

/**
 * Costs a throughput with the catalog's price in force: what sweeps, dashboards, predictions and the CSV export call.
 * A hardware id without a price in the catalog (or one the catalog does not know) has no cost: empty, not an error.
 */
@Service
public class CostCalculator {

    private final PriceBook priceBook;
    private final PricingProperties properties;

    CostCalculator(PriceBook priceBook, PricingProperties properties) {
        this.priceBook = priceBook;
        this.properties = properties;
    }

    /**
     * @param hardwareId   catalog hardware id: {@code trn2} (or {@code trn2-lnc1}), {@code h100-sxm}, {@code h200-sxm}
     * @param accelerators chips or GPUs billed (a prediction's chip count; TP=4 at LNC=2 on Trainium2 is one chip)
     * @param option       null for on-demand
     * @param date         the day whose price applies; null for today
     */
    public Optional<Cost> costFor(String hardwareId, int accelerators, double outputTokensPerSecond,
            double totalTokensPerSecond, PurchaseOption option, LocalDate date) {
        return priceFor(hardwareId, option, date)
                .map(price -> CostMath.cost(price, accelerators, outputTokensPerSecond, totalTokensPerSecond));
    }

    /**
     * As {@link #costFor(String, int, double, double, PurchaseOption, LocalDate)}, with input and output prices:
     * {@code prefillTimeShare} of the accelerator time charged to the input tokens, the rest to the output tokens.
     */
    public Optional<Cost> costFor(String hardwareId, int accelerators, double outputTokensPerSecond,
            double totalTokensPerSecond, PurchaseOption option, LocalDate date, double prefillTimeShare) {
        return priceFor(hardwareId, option, date).map(price -> CostMath.cost(price, accelerators,
                outputTokensPerSecond, totalTokensPerSecond, prefillTimeShare));
    }

    /** The price a cost for {@code hardwareId} would use, in the default region (falling back to region-less). */
    public Optional<Price> priceFor(String hardwareId, PurchaseOption option, LocalDate date) {
        Optional<Accelerator> accelerator = Accelerator.forHardware(hardwareId);
        if (accelerator.isEmpty()) {
            return Optional.empty();
        }
        PriceKey key = new PriceKey(accelerator.get(), option == null ? PurchaseOption.ON_DEMAND : option,
                properties.defaultRegion());
        return priceBook.inForce(key, date == null ? priceBook.today() : date);
    }

    /**
     * The prices {@link #priceFor} picks from for {@code hardwareId}, loaded at once, to pick the one in force on many
     * dates in memory (a trend prices hundreds of nights; one query each would dominate the page).
     *
     * @param option null for on-demand
     */
    public PriceHistory priceHistory(String hardwareId, PurchaseOption option) {
        Optional<Accelerator> accelerator = Accelerator.forHardware(hardwareId);
        if (accelerator.isEmpty()) {
            return PriceHistory.NONE;
        }
        PriceKey key = new PriceKey(accelerator.get(), option == null ? PurchaseOption.ON_DEMAND : option,
                properties.defaultRegion());
        return new PriceHistory(key, priceBook.candidates(key), priceBook.today());
    }

    /**
     * Why {@link #priceFor} finds nothing, in words for a {@code cost: null}: hardware no price can be quoted for, or
     * no price of that option in force on that day (saying when the catalog has none for the accelerator at all).
     */
    public String noPriceReason(String hardwareId, PurchaseOption option, LocalDate date) {
        Optional<Accelerator> accelerator = Accelerator.forHardware(hardwareId);
        if (accelerator.isEmpty()) {
            return "no price can be quoted for hardware " + hardwareId;
        }
        PurchaseOption wanted = option == null ? PurchaseOption.ON_DEMAND : option;
        LocalDate day = date == null ? priceBook.today() : date;
        boolean anyPrice = !priceBook.list(new PriceFilter(accelerator.get(), wanted, null, null)).isEmpty();
        return "no " + wanted.id() + " price for " + accelerator.get().id() + " is in force on " + day
                + (anyPrice ? "" : "; none is in the price catalog (no public " + wanted.id()
                        + " price was found to seed one): add one with POST /api/v1/prices or on the Prices page");
    }
}
