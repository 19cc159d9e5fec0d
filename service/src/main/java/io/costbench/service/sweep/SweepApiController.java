package io.costbench.service.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.security.Principal;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.costbench.service.web.FieldProblem;
import io.costbench.service.web.InvalidFieldsException;
import io.costbench.service.web.TypedProblem;
import tools.jackson.databind.json.JsonMapper;

/** Sweeps over REST: start (202 + Location), list, show, results, cancel. */
@RestController
@RequestMapping(path = "/api/v1/sweeps", produces = MediaType.APPLICATION_JSON_VALUE)
class SweepApiController {

    /** Largest request body read; a maximal valid definition is far smaller. */
    static final int MAX_BODY_BYTES = 256 * 1024;
    static final int MAX_SWEEPS_PAGE = 100;
    static final int MAX_RESULTS_PAGE = 1000;

    private final SweepService sweeps;
    private final SweepStore store;
    private final SweepRequests requests;
    private final JsonMapper json;

    SweepApiController(SweepService sweeps, SweepStore store, SweepRequests requests, JsonMapper json) {
        this.sweeps = sweeps;
        this.store = store;
        this.requests = requests;
        this.json = json;
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<SweepJson> start(HttpServletRequest request, Principal principal) throws IOException {
        byte[] body;
        try (InputStream in = request.getInputStream()) {
            body = in.readNBytes(MAX_BODY_BYTES + 1);
        }
        if (body.length > MAX_BODY_BYTES) {
            throw new TypedProblem(HttpStatus.CONTENT_TOO_LARGE, "body-too-large", "Request body too large",
                    "request body larger than " + MAX_BODY_BYTES + " bytes");
        }
        SweepDefinition definition = requests.read(body, "API sweep");
        Sweep sweep = sweeps.start(definition, SweepTrigger.API, principal == null ? "anonymous" : principal.getName(),
                null);
        return ResponseEntity.status(HttpStatus.ACCEPTED).location(URI.create("/api/v1/sweeps/" + sweep.id()))
                .body(SweepJson.of(sweep, null));
    }

    @GetMapping
    ResultPage<SweepJson> list(@RequestParam(defaultValue = "0") int page,
            @RequestParam(defaultValue = "20") int size) {
        checkPage(page, size, MAX_SWEEPS_PAGE);
        List<SweepJson> items = store.page(page, size).stream().map(s -> SweepJson.of(s, null)).toList();
        return new ResultPage<>(items, page, size, store.count());
    }

    @GetMapping("/{id}")
    SweepJson show(@PathVariable long id) {
        Sweep sweep = store.find(id).orElseThrow(() -> notFound(id));
        return SweepJson.of(sweep, json.readTree(sweep.definitionJson()));
    }

    @GetMapping("/{id}/results")
    ResultPage<SweepPoint> results(@PathVariable long id, @RequestParam(defaultValue = "0") int page,
            @RequestParam(defaultValue = "100") int size) {
        checkPage(page, size, MAX_RESULTS_PAGE);
        store.find(id).orElseThrow(() -> notFound(id));
        return new ResultPage<>(store.points(id, page, size), page, size, store.countPoints(id));
    }

    @PostMapping("/{id}/cancel")
    SweepJson cancel(@PathVariable long id) {
        try {
            return SweepJson.of(sweeps.cancel(id).orElseThrow(() -> notFound(id)), null);
        } catch (SweepFinishedException e) {
            throw new TypedProblem(HttpStatus.CONFLICT, "sweep-finished", "Sweep already finished", e.getMessage());
        }
    }

    private static void checkPage(int page, int size, int maxSize) {
        if (page < 0) {
            throw InvalidFieldsException.badRequest(List.of(new FieldProblem("page", "must be >= 0")));
        }
        if (size < 1 || size > maxSize) {
            throw InvalidFieldsException.badRequest(List.of(new FieldProblem("size",
                    "must be between 1 and " + maxSize)));
        }
    }

    private static TypedProblem notFound(long id) {
        return new TypedProblem(HttpStatus.NOT_FOUND, "sweep-not-found", "Sweep not found", "no sweep with id " + id);
    }
}
