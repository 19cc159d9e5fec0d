package io.costbench.service.web;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * An API GET with a query parameter its handler does not take is a 400 naming the parameter, as unknown body fields
 * are: a misspelt filter ({@code ?modle=}) must not silently widen a query. Handlers that take the whole parameter map
 * ({@code @RequestParam MultiValueMap}) check the names themselves.
 */
@Configuration(proxyBeanMethods = false)
public class UnknownQueryParameters implements WebMvcConfigurer, HandlerInterceptor {

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this).addPathPatterns("/api/**");
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!"GET".equals(request.getMethod()) || !(handler instanceof HandlerMethod method)
                || !AnnotatedElementUtils.hasAnnotation(method.getBeanType(), RestController.class)) {
            return true;
        }
        Set<String> accepted = new TreeSet<>();
        for (MethodParameter parameter : method.getMethodParameters()) {
            RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
            if (param == null) {
                continue;
            }
            if (Map.class.isAssignableFrom(parameter.getParameterType())) {
                return true;
            }
            accepted.add(!param.name().isEmpty() ? param.name() : parameter.getParameterName());
        }
        for (String name : new TreeSet<>(request.getParameterMap().keySet())) {
            if (!accepted.contains(name)) {
                throw BadInputException.badRequest(name, accepted.isEmpty() ? "unknown query parameter; none accepted"
                        : "unknown query parameter; accepted: " + String.join(", ", accepted));
            }
        }
        return true;
    }
}
