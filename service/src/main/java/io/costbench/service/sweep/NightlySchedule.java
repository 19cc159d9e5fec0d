package io.costbench.service.sweep;

import java.util.Set;
import java.util.TimeZone;

import org.quartz.CronScheduleBuilder;
import org.quartz.CronTrigger;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobKey;
import org.quartz.ObjectAlreadyExistsException;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.TriggerKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Puts the nightly cron trigger in the clustered store (or removes it when disabled). Every instance does this at
 * startup; an unchanged trigger is left alone so its next fire time is not disturbed.
 */
@Component
class NightlySchedule implements ApplicationRunner {

    static final JobKey JOB = JobKey.jobKey("nightly-sweep", "nightly");
    static final TriggerKey TRIGGER = TriggerKey.triggerKey("nightly-sweep", "nightly");

    private static final Logger log = LoggerFactory.getLogger(NightlySchedule.class);

    private final Scheduler scheduler;
    private final NightlyProperties properties;

    NightlySchedule(Scheduler scheduler, NightlyProperties properties) {
        this.scheduler = scheduler;
        this.properties = properties;
    }

    @Override
    public void run(ApplicationArguments args) throws SchedulerException {
        if (!properties.enabled()) {
            if (scheduler.deleteJob(JOB)) {
                log.info("nightly sweep disabled: trigger removed");
            }
            return;
        }
        Trigger existing = scheduler.getTrigger(TRIGGER);
        if (existing instanceof CronTrigger cron && cron.getCronExpression().equals(properties.cron())
                && cron.getTimeZone().toZoneId().equals(properties.zone())) {
            return;
        }
        JobDetail job = JobBuilder.newJob(NightlySweepJob.class).withIdentity(JOB).storeDurably().build();
        Trigger trigger = TriggerBuilder.newTrigger().withIdentity(TRIGGER).forJob(JOB)
                .withSchedule(CronScheduleBuilder.cronSchedule(properties.cron())
                        .inTimeZone(TimeZone.getTimeZone(properties.zone()))
                        // A night the whole cluster was down runs once when it comes back.
                        .withMisfireHandlingInstructionFireAndProceed())
                .build();
        try {
            scheduler.scheduleJob(job, Set.of(trigger), true);
        } catch (ObjectAlreadyExistsException e) {
            // Another instance registered it at the same moment.
        }
        log.info("nightly sweep scheduled: '{}' {}, next {}", properties.cron(), properties.zone(),
                scheduler.getTrigger(TRIGGER).getNextFireTime());
    }
}
