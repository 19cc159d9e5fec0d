package io.costbench.service.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** A small HTTP client against the service under test on its random port. */
public final class LocalHttp {

    private final HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final int port;

    public LocalHttp(int port) {
        this.port = port;
    }

    public HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
    }

    public HttpResponse<String> get(String path, String... headers) {
        HttpRequest.Builder builder = request(path).GET();
        if (headers.length > 0) {
            builder.headers(headers);
        }
        return send(builder.build());
    }

    /** POSTs a JSON body; headers as name/value pairs, e.g. {@code "Authorization", TestTokens.adminBearer()}. */
    public HttpResponse<String> postJson(String path, String json, String... headers) {
        return sendJson("POST", path, json, headers);
    }

    public HttpResponse<String> sendJson(String method, String path, String json, String... headers) {
        HttpRequest.Builder builder = request(path).header("Content-Type", "application/json")
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (headers.length > 0) {
            builder.headers(headers);
        }
        return send(builder.build());
    }

    public HttpResponse<String> send(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
