package io.costbench.service.catalog;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.data.jpa.repository.JpaRepository;

import java.time.Clock;
import java.time.Instant;
import java.util.function.Consumer;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

import io.costbench.engine.data.DataFiles;
import io.costbench.engine.model.CatalogModel;
import io.costbench.engine.model.ModelCatalog;
import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.service.prediction.AcceleratorRegistry;

/**
 * Mirrors the catalog the service loaded into catalog_model / catalog_hardware / catalog_profile at startup, with
 * content hashes, so stored results can be traced to the catalog version they were computed with. A row changes only
 * when its content hash does.
 */
@Component
class CatalogRecorder {

    private static final Logger log = LoggerFactory.getLogger(CatalogRecorder.class);

    private final ModelCatalog models;
    private final AcceleratorRegistry accelerators;
    private final ModelEntryRepository modelRows;
    private final HardwareEntryRepository hardwareRows;
    private final ServingProfileEntryRepository profileRows;
    private final TransactionTemplate transactions;
    private final Clock clock;

    CatalogRecorder(ModelCatalog models, AcceleratorRegistry accelerators, ModelEntryRepository modelRows,
            HardwareEntryRepository hardwareRows, ServingProfileEntryRepository profileRows,
            TransactionTemplate transactions) {
        this.models = models;
        this.accelerators = accelerators;
        this.modelRows = modelRows;
        this.hardwareRows = hardwareRows;
        this.profileRows = profileRows;
        this.transactions = transactions;
        this.clock = Clock.systemUTC();
    }

    @EventListener(ApplicationReadyEvent.class)
    void record() {
        Instant now = clock.instant();
        int[] changed = new int[1];
        Consumer<Boolean> count = c -> changed[0] += c ? 1 : 0;
        try {
            recordAll(now, count);
        } catch (DataIntegrityViolationException e) {
            // Another instance starting at the same moment inserted the same rows first; they are there now.
            changed[0] = 0;
            recordAll(now, count);
        }
        log.info("catalog recorded: {} models, {} hardware, {} profiles, {} rows changed, version {}",
                models.ids().size(), accelerators.hardware().size(), accelerators.profiles().size(), changed[0],
                models.contentSha256());
    }

    private void recordAll(Instant now, Consumer<Boolean> count) {
        transactions.executeWithoutResult(status -> {
            for (CatalogModel model : models.models()) {
                count.accept(recordModel(model, now));
            }
            for (CatalogEntry hardware : accelerators.hardware()) {
                count.accept(recordHardware(hardware, now));
            }
            for (ProfileEntry profile : accelerators.profiles()) {
                count.accept(recordProfile(profile, now));
            }
        });
    }

    private boolean recordModel(CatalogModel model, Instant now) {
        String architecture = model.architecture().length() > 64 ? model.architecture().substring(0, 64)
                : model.architecture();
        var spec = model.spec();
        var existing = modelRows.findById(model.id());
        if (existing.isPresent()) {
            if (existing.get().getContentSha256().equals(model.contentSha256())) {
                return false;
            }
            existing.get().refresh(spec.displayName(), architecture, spec.totalParams(), spec.activeParams(),
                    truncate(spec.source()), model.contentSha256(), now);
            return true;
        }
        modelRows.save(ModelEntry.of(model.id(), spec.displayName(), architecture, spec.totalParams(),
                spec.activeParams(), truncate(spec.source()), model.contentSha256(), now));
        return true;
    }

    private boolean recordHardware(CatalogEntry hardware, Instant now) {
        // The port's entries carry no file hash: the entry's full content stands for it.
        return record(hardwareRows, HardwareEntry::new, hardware.id(), hardware.displayName(),
                accelerators.familyOf(hardware.id()), hardware.source(), DataFiles.sha256(hardware.toString()), now);
    }

    private boolean recordProfile(ProfileEntry profile, Instant now) {
        return record(profileRows, ServingProfileEntry::new, profile.id(), profile.displayName(), profile.engine(),
                profile.source(), DataFiles.sha256(profile.toString()), now);
    }

    /** Inserts the row, or refreshes it when its content hash changed; true when something was written. */
    private static <T extends CatalogRow> boolean record(JpaRepository<T, String> rows, Function<String, T> create,
            String id, String displayName, String grouping, String source, String sha, Instant now) {
        T row = rows.findById(id).orElse(null);
        if (row != null && row.getContentSha256().equals(sha)) {
            return false;
        }
        T target = row != null ? row : create.apply(id);
        target.refresh(displayName, grouping, truncate(source), sha, now);
        if (row == null) {
            rows.save(target);
        }
        return true;
    }

    private static String truncate(String source) {
        return source.length() > 1000 ? source.substring(0, 997) + "..." : source;
    }
}
