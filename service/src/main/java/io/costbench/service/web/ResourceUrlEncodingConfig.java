package io.costbench.service.web;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.resource.ResourceUrlEncodingFilter;

/**
 * Turns off the {@link ResourceUrlEncodingFilter} that Spring Boot adds to Thymeleaf pages when the resource chain is
 * on (it is, for the WebJars locator). That filter asks the resource chain to rewrite every link a page builds, and
 * for a link that is not a static file (every {@code /sweeps/{id}} of the trends table) the chain searches the whole
 * classpath in vain, several times per link: 95 % of the trends page's CPU time with 400 rows. It rewrites nothing
 * here: no versioning strategy is configured and the pages name WebJars with their version, so every link comes out
 * of it as it went in, and the pages are the same without it.
 */
@Configuration(proxyBeanMethods = false)
class ResourceUrlEncodingConfig {

    /** Registered disabled: Boot then adds none of its own (it backs off from any such registration). */
    @Bean
    FilterRegistrationBean<ResourceUrlEncodingFilter> resourceUrlEncodingFilter() {
        FilterRegistrationBean<ResourceUrlEncodingFilter> registration =
                new FilterRegistrationBean<>(new ResourceUrlEncodingFilter());
        registration.setEnabled(false);
        return registration;
    }
}
