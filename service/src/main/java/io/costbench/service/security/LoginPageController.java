package io.costbench.service.security;

import io.costbench.service.web.LocalPaths;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The styled sign-in page; Spring Security handles its POST (see {@link ReturnToSuccessHandler}). */
@Controller
class LoginPageController {

    @GetMapping("/login")
    String login(@RequestParam(name = "return", required = false) String returnTo, Model model) {
        model.addAttribute("returnTo", LocalPaths.safe(returnTo).orElse(null));
        return "login";
    }
}
