package io.costbench.service.dashboard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import io.costbench.engine.port.CatalogEntry;
import io.costbench.engine.port.ProfileEntry;
import io.costbench.service.accuracy.AccuracyCatalog;
import io.costbench.service.accuracy.ErrorBand;
import io.costbench.service.accuracy.ValidatedAccuracy;
import io.costbench.service.prediction.AcceleratorRegistry;
import tools.jackson.databind.json.JsonMapper;

/**
 * The accuracy page: how far each group of predictions (hardware x serving profile x dense/MoE) was from the public
 * measurements of the validation report, as a chart of median errors against the GPU issue's targets and a table, and
 * which of the families' hardware and profiles no public measurement covers.
 */
@Controller
class AccuracyPageController {

    /** The targets the chart draws: TPOT and TTFT median |error| per hardware x engine (GPU fidelity issue). */
    static final double TPOT_TARGET_PCT = 8;
    static final double TTFT_TARGET_PCT = 20;

    private final AccuracyCatalog accuracy;
    private final AcceleratorRegistry accelerators;
    private final JsonMapper json;

    AccuracyPageController(AccuracyCatalog accuracy, AcceleratorRegistry accelerators, JsonMapper json) {
        this.accuracy = accuracy;
        this.accelerators = accelerators;
        this.json = json;
    }

    /** A group as the page shows it. */
    record Row(String label, ValidatedAccuracy group) {
    }

    @GetMapping("/accuracy")
    String accuracy(Model page) {
        List<Row> rows = accuracy.file().groups().stream().map(g -> new Row(label(g), g)).toList();
        page.addAttribute("rows", rows);
        page.addAttribute("about", accuracy.file().about());
        page.addAttribute("unvalidated", unvalidated());
        page.addAttribute("chartJson", json.writeValueAsString(chart(rows)));
        return "accuracy";
    }

    /** "H100 vllm dense", "Trainium2 baseline MoE". */
    static String label(ValidatedAccuracy group) {
        return new Target(group.hardware(), group.profile(), null).label() + " "
                + kindLabel(group.modelKind().equals(ValidatedAccuracy.MOE));
    }

    private static String kindLabel(boolean mixtureOfExperts) {
        return mixtureOfExperts ? "MoE" : "dense";
    }

    /** Every hardware x profile the families offer with the model kinds no public measurement covers. */
    private List<String> unvalidated() {
        List<String> missing = new ArrayList<>();
        for (CatalogEntry hardware : accelerators.hardware()) {
            for (ProfileEntry profile : accelerators.profiles()) {
                if (!profile.hardwareIds().contains(hardware.id())) {
                    continue;
                }
                List<String> kinds = new ArrayList<>();
                for (boolean moe : new boolean[] {false, true}) {
                    if (accuracy.find(hardware.id(), profile.id(), moe).isEmpty()) {
                        kinds.add(kindLabel(moe));
                    }
                }
                if (!kinds.isEmpty()) {
                    missing.add(new Target(hardware.id(), profile.id(), null).label() + " ("
                            + String.join(", ", kinds) + ")");
                }
            }
        }
        return missing;
    }

    /** Categories (groups) and per metric the median |error| in percent, null where the group did not measure it. */
    private static Map<String, Object> chart(List<Row> rows) {
        Map<String, Object> chart = new LinkedHashMap<>();
        chart.put("groups", rows.stream().map(Row::label).toList());
        chart.put("tpot", rows.stream().map(r -> median(r.group().errors().tpot())).toList());
        chart.put("ttft", rows.stream().map(r -> median(r.group().errors().ttft())).toList());
        chart.put("tpotTargetPct", TPOT_TARGET_PCT);
        chart.put("ttftTargetPct", TTFT_TARGET_PCT);
        return chart;
    }

    private static Double median(ErrorBand band) {
        return band == null ? null : band.medianPct();
    }
}
