package io.costbench.service.pricing;

import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.costbench.pricing.Price;
import io.costbench.pricing.PriceCatalog;
import io.costbench.pricing.PriceKey;
import jakarta.persistence.EntityManager;
import jakarta.persistence.criteria.Predicate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.domain.Specification;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The stored price catalog: list, look up the price in force on a date, add, close. Prices are never updated in place
 * beyond closing, and never overlap for one key.
 */
@Service
public class PriceBook {

    private final PriceRepository repository;
    private final EntityManager entityManager;
    private final PricingProperties properties;
    private final Clock clock;

    PriceBook(PriceRepository repository, EntityManager entityManager, PricingProperties properties,
            ObjectProvider<Clock> clock) {
        this.repository = repository;
        this.entityManager = entityManager;
        this.properties = properties;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
    }

    @Transactional(readOnly = true)
    public List<Price> list(PriceFilter filter) {
        Specification<PriceRow> spec = (root, query, cb) -> {
            List<Predicate> where = new ArrayList<>();
            if (filter.accelerator() != null) {
                where.add(cb.equal(root.get("accelerator"), filter.accelerator().id()));
            }
            if (filter.option() != null) {
                where.add(cb.equal(root.get("purchaseOption"), filter.option().id()));
            }
            if (filter.region() != null) {
                where.add(cb.equal(root.get("region"), filter.region()));
            }
            if (filter.inForceOn() != null) {
                where.add(cb.lessThanOrEqualTo(root.get("effectiveFrom"), filter.inForceOn()));
                where.add(cb.or(cb.isNull(root.get("effectiveTo")),
                        cb.greaterThan(root.get("effectiveTo"), filter.inForceOn())));
            }
            return cb.and(where.toArray(Predicate[]::new));
        };
        Sort order = Sort.by("accelerator", "purchaseOption", "region", "effectiveFrom", "id");
        return repository.findBy(spec, q -> q.sortBy(order).limit(properties.maxListSize()).all())
                .stream().map(PriceRow::toPrice).toList();
    }

    @Transactional(readOnly = true)
    public Price get(long id) {
        return repository.findById(id).map(PriceRow::toPrice)
                .orElseThrow(() -> new PriceNotFoundException("no price with id " + id));
    }

    /** The price of {@code key} in force on {@code date}, falling back to the region-less price. */
    @Transactional(readOnly = true)
    public Optional<Price> inForce(PriceKey key, LocalDate date) {
        return PriceCatalog.inForce(candidates(key), key, date);
    }

    /**
     * Every price {@link #inForce} picks from for {@code key}, whatever the date: the key's own and the region-less
     * ones. A page that prices many dates loads them once ({@link PriceHistory}).
     */
    @Transactional(readOnly = true)
    public List<Price> candidates(PriceKey key) {
        List<Price> candidates = new ArrayList<>(pricesOf(key));
        if (!PriceKey.ANY_REGION.equals(key.region())) {
            candidates.addAll(pricesOf(key.withRegion(PriceKey.ANY_REGION)));
        }
        return candidates;
    }

    /**
     * Stores a new price; one sharing any day with a price of the same key is a
     * {@link io.costbench.pricing.PriceOverlapException}.
     */
    @Transactional
    public Price add(Price price) {
        lockPriceWrites();
        PriceCatalog.checkNoOverlap(pricesOf(price.key()), price);
        return repository.saveAndFlush(PriceRow.of(price.withId(null), clock.instant())).toPrice();
    }

    /** Ends a price before {@code effectiveTo} (exclusive); a close can only shorten a price. */
    @Transactional
    public Price close(long id, LocalDate effectiveTo) {
        lockPriceWrites();
        PriceRow row = repository.findById(id)
                .orElseThrow(() -> new PriceNotFoundException("no price with id " + id));
        Price closed = row.toPrice().closedOn(effectiveTo);
        row.close(closed.effectiveTo());
        return repository.saveAndFlush(row).toPrice();
    }

    public LocalDate today() {
        return LocalDate.now(clock);
    }

    Clock clock() {
        return clock;
    }

    private List<Price> pricesOf(PriceKey key) {
        return repository.findByAcceleratorAndPurchaseOptionAndRegion(key.accelerator().id(), key.option().id(),
                key.region()).stream().map(PriceRow::toPrice).toList();
    }

    /** Serialises price writes across instances; see V2__price_write_lock.sql. */
    private void lockPriceWrites() {
        entityManager.createNativeQuery("select id from price_write_lock where id = 1 for update").getSingleResult();
    }
}
