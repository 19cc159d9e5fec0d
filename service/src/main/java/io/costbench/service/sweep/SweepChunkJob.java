package io.costbench.service.sweep;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Date;

import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Quartz job of one chunk. Point failures are results (stored as FAILED points); anything else (the database
 * away, say) retries the chunk later, and after the configured attempts fails the sweep with the error.
 */
public class SweepChunkJob implements Job {

    static final String SWEEP_ID = "sweepId";
    static final String CHUNK = "chunk";
    static final String ATTEMPT = "attempt";

    private static final Logger log = LoggerFactory.getLogger(SweepChunkJob.class);

    private final ChunkRunner runner;
    private final SweepStore store;
    private final SweepProperties properties;

    SweepChunkJob(ChunkRunner runner, SweepStore store, SweepProperties properties) {
        this.runner = runner;
        this.store = store;
        this.properties = properties;
    }

    @Override
    public void execute(JobExecutionContext context) throws JobExecutionException {
        long sweepId = context.getMergedJobDataMap().getLong(SWEEP_ID);
        int chunk = context.getMergedJobDataMap().getInt(CHUNK);
        int attempt = context.getMergedJobDataMap().containsKey(ATTEMPT)
                ? context.getMergedJobDataMap().getInt(ATTEMPT) : 1;
        try {
            runner.run(sweepId, chunk, context.getScheduler().getSchedulerInstanceId());
        } catch (RuntimeException | SchedulerException e) {
            if (attempt < properties.chunkAttempts()) {
                log.warn("sweep {} chunk {} attempt {} failed, retrying in {}", sweepId, chunk, attempt,
                        properties.chunkRetryDelay(), e);
                retryLater(context, attempt + 1);
            } else {
                log.error("sweep {} chunk {} failed after {} attempts", sweepId, chunk, attempt, e);
                store.fail(sweepId, "chunk " + chunk + ": " + e, OffsetDateTime.now(ZoneOffset.UTC));
            }
        }
    }

    private void retryLater(JobExecutionContext context, int attempt) throws JobExecutionException {
        Trigger retry = TriggerBuilder.newTrigger()
                .forJob(context.getJobDetail())
                .withIdentity(context.getTrigger().getKey().getName() + "-retry-" + attempt,
                        context.getTrigger().getKey().getGroup())
                .usingJobData(ATTEMPT, attempt)
                .startAt(new Date(System.currentTimeMillis() + properties.chunkRetryDelay().toMillis()))
                .withSchedule(SimpleScheduleBuilder.simpleSchedule().withMisfireHandlingInstructionFireNow())
                .build();
        try {
            context.getScheduler().scheduleJob(retry);
        } catch (SchedulerException e) {
            throw new JobExecutionException("could not reschedule the chunk", e, false);
        }
    }
}
