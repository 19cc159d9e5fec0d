package io.costbench.service.pricing;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

import io.costbench.pricing.Accelerator;
import io.costbench.pricing.Price;
import io.costbench.pricing.PriceKey;
import io.costbench.pricing.PurchaseOption;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A stored price. Only its end date ever changes, when the price is closed. */
@Entity
@Table(name = "price")
class PriceRow {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private String accelerator;
    @Column(name = "purchase_option")
    private String purchaseOption;
    private String region;
    private String currency;
    @Column(name = "usd_per_accelerator_hour", precision = 12, scale = 6)
    private BigDecimal usdPerAcceleratorHour;
    @Column(name = "effective_from")
    private LocalDate effectiveFrom;
    @Column(name = "effective_to")
    private LocalDate effectiveTo;
    private String source;
    private String note;
    @Column(name = "created_at")
    private Instant createdAt;

    protected PriceRow() {
    }

    static PriceRow of(Price price, Instant createdAt) {
        PriceRow row = new PriceRow();
        row.accelerator = price.key().accelerator().id();
        row.purchaseOption = price.key().option().id();
        row.region = price.key().region();
        row.currency = price.currency().getCurrencyCode();
        row.usdPerAcceleratorHour = price.usdPerAcceleratorHour();
        row.effectiveFrom = price.effectiveFrom();
        row.effectiveTo = price.effectiveTo();
        row.source = price.source();
        row.note = price.note();
        row.createdAt = createdAt;
        return row;
    }

    void close(LocalDate to) {
        this.effectiveTo = to;
    }

    Price toPrice() {
        Accelerator acc = Accelerator.fromId(accelerator)
                .orElseThrow(() -> new IllegalStateException("price " + id + ": unknown accelerator " + accelerator));
        PurchaseOption option = PurchaseOption.fromId(purchaseOption)
                .orElseThrow(() -> new IllegalStateException("price " + id + ": unknown option " + purchaseOption));
        return new Price(id, new PriceKey(acc, option, region), Price.currency(currency), usdPerAcceleratorHour,
                effectiveFrom, effectiveTo, source, note);
    }

    Long getId() {
        return id;
    }

    Instant getCreatedAt() {
        return createdAt;
    }
}
