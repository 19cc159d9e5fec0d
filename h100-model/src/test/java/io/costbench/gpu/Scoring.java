package io.costbench.gpu;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.costbench.engine.port.Deployment;
import io.costbench.engine.port.DeploymentRequest;
import io.costbench.engine.port.InProcessDeployment;
import io.costbench.engine.port.DoesNotFitException;

/** Predicts calibration rows with a GPU catalog; rows that do not fit are listed apart. */
final class Scoring {

    record Result(List<ErrorReport.Scored> scored, List<String> skipped) {
    }

    private Scoring() {
    }

    private static java.util.Set<String> switches(CalibrationData.Row row) {
        java.util.Set<String> ids = new java.util.HashSet<>();
        if (row.fp8KvCache()) {
            ids.add(GpuAcceleratorModel.FP8_KV_CACHE);
        }
        if (row.asyncScheduling()) {
            ids.add(GpuAcceleratorModel.ASYNC_SCHEDULING);
        }
        return ids;
    }

    private static Deployment viaServer(CalibrationData.Row row, Deployment deployment) {
        return row.viaServer() ? deployment : new InProcessDeployment(deployment);
    }

    static Result score(GpuAcceleratorModel gpu, List<CalibrationData.Row> rows) {
        Map<String, Deployment> deployments = new HashMap<>();
        List<ErrorReport.Scored> scored = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (CalibrationData.Row row : rows) {
            String key = row.modelId() + row.hardwareId() + row.profileId() + row.tp() + row.precision()
                    + (row.inputTokens() + row.outputTokens()) + row.fp8KvCache() + row.asyncScheduling() + row.viaServer();
            try {
                Deployment d = deployments.computeIfAbsent(key, k -> viaServer(row, gpu.deploy(TestModels.byId(row.modelId()),
                        new DeploymentRequest(row.hardwareId(), row.profileId(), row.tp(), row.precision(),
                                switches(row),
                                row.inputTokens() + row.outputTokens()))));
                SimulatedPredictor.Prediction p = SimulatedPredictor.predict(d, row);
                scored.add(new ErrorReport.Scored(row, p.tpotMs(), p.ttftMs(), p.throughput()));
            } catch (DoesNotFitException e) {
                skipped.add(row.label() + ": " + e.getMessage());
            }
        }
        return new Result(scored, skipped);
    }
}
