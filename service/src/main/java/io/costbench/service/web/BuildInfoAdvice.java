package io.costbench.service.web;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** Puts the build version in every page's model for the shared footer. */
@ControllerAdvice(annotations = Controller.class)
class BuildInfoAdvice {

    private final String version;

    BuildInfoAdvice(ObjectProvider<BuildProperties> buildProperties) {
        BuildProperties build = buildProperties.getIfAvailable();
        this.version = build == null ? "dev" : build.getVersion();
    }

    @ModelAttribute("buildVersion")
    String buildVersion() {
        return version;
    }
}
