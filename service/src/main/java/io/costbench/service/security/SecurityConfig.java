package io.costbench.service.security;

import java.util.Map;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.util.matcher.RequestMatcher;

import io.costbench.service.web.ProblemResponses;

/**
 * Two filter chains. {@code /api/**}: stateless bearer tokens, no CSRF (no cookies are involved), scopes by path
 * ({@link ApiScopeRules}), 401/403 as problem+json. Everything else (pages): reads open, writes need the admin's form
 * login, with CSRF protection.
 */
@Configuration
class SecurityConfig {

    static final String ADMIN_ROLE = "ADMIN";

    private static final String[] ALWAYS_OPEN = {"/", "/css/**", "/js/**", "/img/**", "/images/**", "/webjars/**",
            "/favicon.ico", "/actuator/health", "/actuator/health/**", "/actuator/info", "/v3/api-docs",
            "/v3/api-docs/**", "/v3/api-docs.yaml", "/swagger-ui.html", "/swagger-ui/**", "/login", "/error"};

    /**
     * Pages load scripts from this origin only (no inline script or handler); inline style attributes stay allowed
     * for server-rendered progress bars. Swagger UI and ECharts run under it.
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; "
            + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

    @Bean
    @Order(1)
    SecurityFilterChain apiChain(HttpSecurity http, ApiTokens tokens, ProblemResponses problems,
            CostbenchSecurityProperties properties) throws Exception {
        http.securityMatcher("/api/**")
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .httpBasic(basic -> basic.disable())
                .formLogin(form -> form.disable())
                .logout(logout -> logout.disable())
                .addFilterBefore(new BearerTokenFilter(tokens, problems), BasicAuthenticationFilter.class)
                .exceptionHandling(exceptions -> exceptions
                        .authenticationEntryPoint((request, response, e) -> {
                            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
                            problems.write(request, response, HttpStatus.UNAUTHORIZED,
                                    "A bearer token is required: Authorization: Bearer <token>"
                                            + ApiScopeRules.requiredScope(request)
                                                    .map(scope -> " with scope " + scope.wireName()).orElse(""));
                        })
                        .accessDeniedHandler((request, response, e) -> problems.write(request, response,
                                HttpStatus.FORBIDDEN, "This token lacks the scope this request needs"
                                        + ApiScopeRules.requiredScope(request)
                                                .map(scope -> ": " + scope.wireName()).orElse(""),
                                ApiScopeRules.requiredScope(request)
                                        .<Map<String, Object>>map(scope -> Map.of("requiredScope", scope.wireName()))
                                        .orElse(Map.of()))))
                .authorizeHttpRequests(authorize -> {
                    authorize.requestMatchers(ApiScopeRules.OPEN_COMPUTATIONS.toArray(RequestMatcher[]::new))
                            .permitAll();
                    authorize.requestMatchers(ApiScopeRules.ADMIN_ONLY.toArray(RequestMatcher[]::new))
                            .hasAuthority(Scope.ADMIN.authority());
                    for (ApiScopeRules.Rule rule : ApiScopeRules.WRITE_RULES) {
                        authorize.requestMatchers(ApiScopeRules.writeMatchers(rule).toArray(RequestMatcher[]::new))
                                .hasAuthority(rule.scope().authority());
                    }
                    if (properties.openReads()) {
                        authorize.anyRequest().permitAll();
                    } else {
                        authorize.anyRequest().authenticated();
                    }
                });
        return http.build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain pageChain(HttpSecurity http, CostbenchSecurityProperties properties, LoginThrottle throttle)
            throws Exception {
        // Only page views are worth returning to after sign-in: not form posts (KeepFormEntryPoint keeps those),
        // script calls or the favicon.
        HttpSessionRequestCache requestCache = new HttpSessionRequestCache();
        requestCache.setRequestMatcher(request -> "GET".equals(request.getMethod())
                && !"XMLHttpRequest".equals(request.getHeader("X-Requested-With"))
                && !request.getRequestURI().endsWith("/favicon.ico")
                && !String.valueOf(request.getHeader(HttpHeaders.ACCEPT)).startsWith("application/json"));
        http.headers(headers -> headers
                        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .referrerPolicy(referrer -> referrer.policy(
                                ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN)))
                .addFilterBefore(new LoginThrottleFilter(throttle), UsernamePasswordAuthenticationFilter.class)
                .authorizeHttpRequests(authorize -> {
                    authorize.requestMatchers(ALWAYS_OPEN).permitAll();
                    if (properties.openReads()) {
                        authorize.requestMatchers(HttpMethod.GET, "/**").permitAll();
                        authorize.requestMatchers(HttpMethod.HEAD, "/**").permitAll();
                    }
                    authorize.anyRequest().hasRole(ADMIN_ROLE);
                })
                .requestCache(cache -> cache.requestCache(requestCache))
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(new KeepFormEntryPoint()))
                .formLogin(form -> form.loginPage("/login").successHandler(new ReturnToSuccessHandler(requestCache))
                        .permitAll())
                .logout(logout -> logout.logoutSuccessUrl("/login?logout"));
        return http.build();
    }

    /**
     * The admin of the pages, from configuration. Without a configured password there is no user at all, so page
     * writes are refused rather than guarded by a default password.
     */
    @Bean
    InMemoryUserDetailsManager adminUsers(CostbenchSecurityProperties properties) {
        InMemoryUserDetailsManager users = new InMemoryUserDetailsManager();
        if (properties.adminPassword() != null) {
            PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();
            String password = properties.adminPassword().startsWith("{") ? properties.adminPassword()
                    : encoder.encode(properties.adminPassword());
            users.createUser(User.withUsername(properties.adminUsername()).password(password)
                    .roles(ADMIN_ROLE).build());
        }
        return users;
    }
}
