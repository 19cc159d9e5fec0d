package io.costbench.service.sweep;

import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * Health of the scheduler that runs sweeps ({@code quartz} in {@code /actuator/health}): DOWN when it is shut down,
 * in standby, or its scheduling thread has died (an OutOfMemoryError kills it while the scheduler still calls itself
 * started), so a sweep that would never run reads as DOWN rather than UP.
 */
@Component("quartz")
class QuartzHealthIndicator extends AbstractHealthIndicator {

    private final Scheduler scheduler;

    QuartzHealthIndicator(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws SchedulerException {
        String name = scheduler.getSchedulerName();
        builder.withDetail("scheduler", name).withDetail("instance", scheduler.getSchedulerInstanceId());
        if (scheduler.isShutdown() || scheduler.isInStandbyMode() || !scheduler.isStarted()) {
            builder.down().withDetail("state", scheduler.isShutdown() ? "shut down" : "standby");
        } else if (!schedulingThreadAlive(name)) {
            builder.down().withDetail("state", "scheduling thread not running");
        } else {
            builder.up().withDetail("state", "started");
        }
    }

    /** Quartz names its main loop thread {@code <scheduler name>_QuartzSchedulerThread}. */
    private static boolean schedulingThreadAlive(String schedulerName) {
        String threadName = schedulerName + "_QuartzSchedulerThread";
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.getName().equals(threadName) && thread.isAlive());
    }
}
