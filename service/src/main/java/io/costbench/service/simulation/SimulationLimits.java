package io.costbench.service.simulation;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;

import io.costbench.engine.port.Deployment;
import io.costbench.engine.sim.Deadline;
import io.costbench.engine.sim.ServingSimulator;
import io.costbench.engine.sim.SimulationCancelledException;
import io.costbench.engine.sim.SimulationBudget;
import io.costbench.engine.sim.SimulationResult;
import io.costbench.engine.sim.Workload;

/**
 * The one place every simulation goes through: the budget is checked before any work, API requests take a slot of
 * their caller's kind (anonymous or identified), waiting for one a short while, or are refused, and a deadline per
 * API request (shared by all its simulations, so a break-even of many points gets one deadline) or per background
 * simulation stops the work. Background work (sweep chunks, plans) takes no slot: its own pools bound it.
 */
@Component
public class SimulationLimits {

    private static final String DEADLINE_ATTRIBUTE = SimulationLimits.class.getName() + ".deadline";

    private final SimulationProperties properties;
    private final SimulationBudget budget;
    private final Semaphore anonymous;
    private final Semaphore identified;

    public SimulationLimits(SimulationProperties properties) {
        this.properties = properties;
        this.budget = new SimulationBudget(properties.maxSimulatedTokens(), properties.maxDecodeSteps());
        this.anonymous = new Semaphore(properties.anonymousConcurrent());
        this.identified = new Semaphore(properties.identifiedConcurrent());
    }

    public ServingSimulator simulator(Deployment deployment) {
        return new ServingSimulator(deployment, properties.memoPerDeployment().toBytes());
    }

    /**
     * @throws io.costbench.engine.sim.OverBudgetException          over the budget (before any work)
     * @throws SimulationBusyException                               no slot free for this caller
     * @throws io.costbench.engine.sim.SimulationCancelledException the deadline passed or the thread was interrupted
     */
    public SimulationResult run(ServingSimulator simulator, Workload workload) {
        budget.check(workload, simulator.deployment().scheduling());
        RequestAttributes request = RequestContextHolder.getRequestAttributes();
        Semaphore slots = request == null ? null : identifiedCaller() ? identified : anonymous;
        if (slots != null && !acquire(slots)) {
            throw new SimulationBusyException("all " + (slots == anonymous ? properties.anonymousConcurrent()
                    + " simulation slots for anonymous requests" : properties.identifiedConcurrent()
                    + " simulation slots for identified requests") + " are busy; retry after "
                    + properties.retryAfter().toSeconds() + " s" + (slots == anonymous ? " or use an API token" : ""),
                    properties.retryAfter());
        }
        try {
            return simulator.run(workload, budget, deadline(request));
        } finally {
            if (slots != null) {
                slots.release();
            }
        }
    }

    private boolean acquire(Semaphore slots) {
        try {
            return slots.tryAcquire(properties.slotWait().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SimulationCancelledException("interrupted while waiting for a simulation slot");
        }
    }

    private Deadline deadline(RequestAttributes request) {
        Thread thread = Thread.currentThread();
        if (request == null) {
            return Deadline.in(properties.backgroundDeadline(), thread::isInterrupted);
        }
        Object existing = request.getAttribute(DEADLINE_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST);
        if (existing instanceof Deadline deadline) {
            return deadline;
        }
        Deadline deadline = Deadline.in(properties.deadline(), thread::isInterrupted);
        request.setAttribute(DEADLINE_ATTRIBUTE, deadline, RequestAttributes.SCOPE_REQUEST);
        return deadline;
    }

    private static boolean identifiedCaller() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        return authentication != null && authentication.isAuthenticated()
                && !(authentication instanceof AnonymousAuthenticationToken);
    }
}
