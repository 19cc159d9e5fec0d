package io.costbench.service.dashboard;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** Measured runs pushed by CI. Until the run store is part of this build, the page says how runs arrive. */
@Controller
class RunsPageController {

    @GetMapping("/runs")
    String runs() {
        return "runs";
    }
}
