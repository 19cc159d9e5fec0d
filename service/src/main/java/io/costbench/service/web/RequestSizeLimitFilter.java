package io.costbench.service.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import tools.jackson.databind.json.JsonMapper;

/**
 * Caps request bodies under {@code /api/**}: a declared Content-Length over the limit is refused before anything
 * is read; a chunked body is counted while it is read and fails with {@link PayloadTooLargeException}, which the
 * API advice answers with 413. Runs before security so an oversized body is never buffered.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
// Binds its own properties, so @WebMvcTest slices (which pick up filters but not the properties scan) work too.
@EnableConfigurationProperties(ApiProperties.class)
class RequestSizeLimitFilter extends OncePerRequestFilter {

    private final long limitBytes;
    private final ProblemResponses problems;

    RequestSizeLimitFilter(ApiProperties properties, JsonMapper jsonMapper) {
        this.limitBytes = properties.maxRequestBytes().toBytes();
        // Built here rather than injected: @WebMvcTest slices pick up filters but not other components.
        this.problems = new ProblemResponses(jsonMapper);
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith(request.getContextPath() + "/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getContentLengthLong() > limitBytes) {
            problems.write(request, response, HttpStatus.CONTENT_TOO_LARGE,
                    "Request body of " + request.getContentLengthLong() + " bytes exceeds the limit of " + limitBytes
                            + " bytes (costbench.api.max-request-bytes)");
            return;
        }
        chain.doFilter(new LimitedRequest(request, limitBytes), response);
    }

    private static final class LimitedRequest extends HttpServletRequestWrapper {

        private final long limitBytes;
        private ServletInputStream stream;

        LimitedRequest(HttpServletRequest request, long limitBytes) {
            super(request);
            this.limitBytes = limitBytes;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedStream(super.getInputStream(), limitBytes);
            }
            return stream;
        }
    }

    private static final class LimitedStream extends ServletInputStream {

        private final ServletInputStream delegate;
        private final long limitBytes;
        private long readBytes;

        LimitedStream(ServletInputStream delegate, long limitBytes) {
            this.delegate = delegate;
            this.limitBytes = limitBytes;
        }

        @Override
        public int read() throws IOException {
            int b = delegate.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = delegate.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws PayloadTooLargeException {
            readBytes += n;
            if (readBytes > limitBytes) {
                throw new PayloadTooLargeException(limitBytes);
            }
        }

        @Override
        public boolean isFinished() {
            return delegate.isFinished();
        }

        @Override
        public boolean isReady() {
            return delegate.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            delegate.setReadListener(listener);
        }
    }
}
