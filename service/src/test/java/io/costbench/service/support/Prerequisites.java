package io.costbench.service.support;

import org.junit.jupiter.api.Assumptions;

import static org.assertj.core.api.Assertions.fail;

/**
 * What a test needs from the machine (Chromium, the shared calibration folder). In CI (environment {@code CI=true},
 * which {@code .ci/run} sets) everything is installed, so a missing prerequisite fails the test saying what is missing;
 * on a developer's machine the test is skipped, loudly (on stderr as well as in the report).
 */
public final class Prerequisites {

    private Prerequisites() {
    }

    /** @param what the prerequisite and how to get it, for the failure or skip message */
    public static void require(boolean present, String what) {
        if (present) {
            return;
        }
        if (inCi()) {
            fail("missing under CI=true (CI must provide it): " + what);
        }
        System.err.println("*** SKIPPED (not in CI): missing " + what);
        Assumptions.abort("missing " + what);
    }

    static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }
}
