package io.costbench.service.sweep;

public enum SweepStatus {
    QUEUED, RUNNING, SUCCEEDED, PARTIAL, FAILED, CANCELLED;

    public boolean finished() {
        return this != QUEUED && this != RUNNING;
    }
}
