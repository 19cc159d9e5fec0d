package io.costbench.service.web;

import java.io.IOException;

/** Thrown by the size-limited request stream when a body without Content-Length grows past the limit. */
public class PayloadTooLargeException extends IOException {

    private final long limitBytes;

    public PayloadTooLargeException(long limitBytes) {
        super("Request body exceeds " + limitBytes + " bytes");
        this.limitBytes = limitBytes;
    }

    public long limitBytes() {
        return limitBytes;
    }
}
