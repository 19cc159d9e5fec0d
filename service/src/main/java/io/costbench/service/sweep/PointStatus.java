package io.costbench.service.sweep;

public enum PointStatus {
    SUCCEEDED, SKIPPED, FAILED
}
