package io.costbench.service.sweep;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.matchers.GroupMatcher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import tools.jackson.databind.json.JsonMapper;

/**
 * Starts and cancels sweeps. Starting writes the sweep row and schedules all its chunk jobs in one transaction (the
 * Quartz store joins Spring's transaction), so a sweep is never half-created.
 */
@Service
public class SweepService {

    static final String CHUNK_GROUP_PREFIX = "sweep-";

    private final SweepStore store;
    private final Scheduler scheduler;
    private final SweepProperties properties;
    private final PointSimulator simulator;
    private final JsonMapper json;

    SweepService(SweepStore store, Scheduler scheduler, SweepProperties properties,
            PointSimulator simulator, JsonMapper json) {
        this.store = store;
        this.scheduler = scheduler;
        this.properties = properties;
        this.simulator = simulator;
        this.json = json;
    }

    /**
     * @param requested      a validated definition (see {@link SweepValidator}); aliases are stored as catalog ids
     * @param idempotencyKey null, or a key that makes a second start with the same key return the first sweep
     */
    @Transactional
    public Sweep start(SweepDefinition requested, SweepTrigger trigger, String requestedBy, String idempotencyKey) {
        SweepDefinition definition = simulator.canonical(requested);
        long points = definition.pointCount();
        if (points < 1 || points > properties.maxPoints()) {
            throw new IllegalArgumentException("a sweep has 1 to " + properties.maxPoints() + " points, not " + points);
        }
        if (idempotencyKey != null) {
            Optional<Sweep> existing = store.findByIdempotencyKey(idempotencyKey);
            if (existing.isPresent()) {
                return existing.get();
            }
        }
        int chunkSize = properties.chunkSizeFor(points);
        int chunks = (int) ((points + chunkSize - 1) / chunkSize);
        String catalogVersion = simulator.catalogVersion();
        long id = store.insert(definition.name(), trigger, requestedBy, json.writeValueAsString(definition),
                SweepPresets.presetOf(definition).orElse(null), (int) points, catalogVersion, chunkSize, chunks, idempotencyKey, now());
        // One fire time for every chunk: among triggers due at the same time Quartz takes the highest priority first,
        // so the chunks that decode the most tokens start first and the sweep does not end waiting on one long chunk.
        Date due = new Date();
        Map<JobDetail, Set<? extends Trigger>> jobs = new LinkedHashMap<>();
        for (int chunk = 0; chunk < chunks; chunk++) {
            int from = chunk * chunkSize;
            int to = (int) Math.min(points, from + chunkSize);
            jobs.put(chunkJob(id, chunk), Set.of(chunkTrigger(id, chunk, due, priority(definition, from, to))));
        }
        try {
            scheduler.scheduleJobs(jobs, false);
        } catch (SchedulerException e) {
            throw new IllegalStateException("could not schedule sweep " + id, e);
        }
        return store.find(id).orElseThrow();
    }

    /**
     * Stops the chunks not yet started; running chunks stop before their next batch. Points already stored stay.
     *
     * @return the sweep, or empty if there is none with this id
     * @throws SweepFinishedException if the sweep had already finished
     */
    @Transactional
    public Optional<Sweep> cancel(long id) {
        Optional<Sweep> sweep = store.find(id);
        if (sweep.isEmpty()) {
            return sweep;
        }
        if (!store.cancel(id, now())) {
            throw new SweepFinishedException(id, store.status(id).orElseThrow());
        }
        try {
            scheduler.deleteJobs(new ArrayList<>(scheduler.getJobKeys(GroupMatcher.jobGroupEquals(chunkGroup(id)))));
        } catch (SchedulerException e) {
            throw new IllegalStateException("could not unschedule sweep " + id, e);
        }
        return store.find(id);
    }

    static String chunkGroup(long sweepId) {
        return CHUNK_GROUP_PREFIX + sweepId;
    }

    private static JobDetail chunkJob(long sweepId, int chunk) {
        return JobBuilder.newJob(SweepChunkJob.class)
                .withIdentity(JobKey.jobKey("chunk-" + chunk, chunkGroup(sweepId)))
                .usingJobData(SweepChunkJob.SWEEP_ID, sweepId)
                .usingJobData(SweepChunkJob.CHUNK, chunk)
                // A chunk whose instance dies mid-way is re-run by another instance (or this one after restart).
                .requestRecovery(true)
                .build();
    }

    /** A chunk's simulation time grows with the tokens its points decode (in thousands, as Quartz takes an int). */
    static int priority(SweepDefinition definition, int from, int to) {
        long decodedTokens = definition.scenarios(from, to).stream()
                .mapToLong(point -> (long) point.numPrompts() * point.outputTokens()).sum();
        return (int) Math.min(Integer.MAX_VALUE, decodedTokens / 1000);
    }

    private static Trigger chunkTrigger(long sweepId, int chunk, Date due, int priority) {
        return TriggerBuilder.newTrigger()
                .withIdentity("chunk-" + chunk, chunkGroup(sweepId))
                .startAt(due)
                .withPriority(priority)
                // A chunk waiting longer than Quartz's misfire threshold (60 s: a long sweep, or one queued behind
                // another) stays due and keeps its place; as "fire now" it stalled until the misfire scan moved it.
                .withSchedule(SimpleScheduleBuilder.simpleSchedule().withMisfireHandlingInstructionIgnoreMisfires())
                .build();
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
