package io.costbench.service.sweep;

import java.time.LocalDate;
import java.time.ZoneOffset;

import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;
import org.quartz.JobExecutionException;
import org.quartz.SchedulerException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the default sweep. The cron trigger lives in the clustered store, so one instance fires it per night; the
 * idempotency key (the scheduled fire time) keeps it to one sweep even if a misfire or recovery fires it again.
 */
@DisallowConcurrentExecution
public class NightlySweepJob implements Job {

    private static final Logger log = LoggerFactory.getLogger(NightlySweepJob.class);

    private final SweepService sweeps;

    NightlySweepJob(SweepService sweeps) {
        this.sweeps = sweeps;
    }

    @Override
    public void execute(JobExecutionContext context) throws JobExecutionException {
        var scheduled = context.getScheduledFireTime().toInstant();
        LocalDate night = scheduled.atOffset(ZoneOffset.UTC).toLocalDate();
        String instance;
        try {
            instance = context.getScheduler().getSchedulerInstanceId();
        } catch (SchedulerException e) {
            throw new JobExecutionException(e);
        }
        Sweep sweep = sweeps.start(SweepPresets.defaultSweep("nightly " + night), SweepTrigger.NIGHTLY,
                "nightly cron (" + instance + ")", "nightly:" + scheduled);
        log.info("nightly sweep {} for {} ({} points)", sweep.id(), scheduled, sweep.totalPoints());
    }
}
