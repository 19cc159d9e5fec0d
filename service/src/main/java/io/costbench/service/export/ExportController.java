package io.costbench.service.export;

import io.swagger.v3.oas.annotations.Operation;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.Semaphore;

import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.server.ResponseStatusException;

import io.costbench.service.sweep.SweepStore;

/**
 * CSV downloads for finance. Filters are checked before the first byte (a bad one is a 400 problem+json); then rows
 * are written to the response as the database returns them. A client that goes away ends the export: the next write
 * fails, which closes the query and releases its connection.
 */
@RestController
class ExportController {

    static final String CSV = "text/csv;charset=UTF-8;header=present";
    private static final Logger log = LoggerFactory.getLogger(ExportController.class);
    private static final int WRITE_BUFFER_CHARS = 64 * 1024;

    /** Seconds a client refused for too many running exports is asked to wait. */
    static final int RETRY_AFTER_SECONDS = 10;

    private final CostExport costs;
    private final RunExport runs;
    private final SweepStore sweeps;
    private final Clock clock;
    private final Semaphore running;
    private final int maxConcurrent;

    ExportController(CostExport costs, RunExport runs, SweepStore sweeps, ExportProperties properties,
            ObjectProvider<Clock> clock) {
        this.costs = costs;
        this.runs = runs;
        this.sweeps = sweeps;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
        this.maxConcurrent = properties.maxConcurrent();
        this.running = new Semaphore(maxConcurrent);
    }

    @Operation(summary = "Export costed sweep points as CSV")
    @GetMapping("/api/v1/export/costs.csv")
    void costs(@RequestParam(required = false) String sweep, @RequestParam(required = false) String model,
            @RequestParam(required = false) String hardware, @RequestParam(required = false) String profile,
            @RequestParam(required = false) String from, @RequestParam(required = false) String to,
            @RequestParam(required = false) String priceMode, @RequestParam(required = false) String priceOption,
            HttpServletResponse response) throws IOException {
        CostFilter filter = CostFilter.parse(sweep, model, hardware, profile, from, to, priceMode, priceOption);
        costs.checkKnown(filter);
        writeCosts(filter, ExportFileName.costs(filter, clock.instant()), response);
    }

    @Operation(summary = "Export one sweep's costed points as CSV")
    @GetMapping("/api/v1/sweeps/{id}/results.csv")
    void sweepResults(@PathVariable long id, @RequestParam(required = false) String priceMode,
            @RequestParam(required = false) String priceOption, HttpServletResponse response) throws IOException {
        if (sweeps.find(id).isEmpty()) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no sweep with id " + id);
        }
        CostFilter filter = CostFilter.forSweep(id, priceMode, priceOption);
        writeCosts(filter, ExportFileName.sweepResults(id, clock.instant()), response);
    }

    @Operation(summary = "Export measured CI runs as CSV")
    @GetMapping("/api/v1/export/runs.csv")
    void runs(@RequestParam(required = false) String model, @RequestParam(required = false) String hardware,
            @RequestParam(required = false) String profile, @RequestParam(required = false) String branch,
            @RequestParam(required = false) String from, @RequestParam(required = false) String to,
            @RequestParam(required = false) String priceMode, @RequestParam(required = false) String priceOption,
            HttpServletResponse response) throws IOException {
        RunFilter filter = RunFilter.parse(model, hardware, profile, branch, from, to, priceMode, priceOption);
        runs.checkKnown(filter);
        write(ExportFileName.runs(clock.instant()), response, out -> runs.write(filter, out));
    }

    private void writeCosts(CostFilter filter, String fileName, HttpServletResponse response) throws IOException {
        write(fileName, response, out -> costs.write(filter, out));
    }

    /** Streams one export, if fewer than the configured maximum are running. */
    private void write(String fileName, HttpServletResponse response, Export export) throws IOException {
        if (!running.tryAcquire()) {
            throw tooMany();
        }
        try {
            startCsv(response, fileName);
            Writer out = writer(response);
            try {
                long rows = export.write(out);
                // Closing ends the chunked body: only a complete export gets there. On any other failure the body
                // stays open and the container drops the connection, so the client sees a failed download rather
                // than a shorter CSV that looks complete.
                out.close();
                log.debug("exported {} rows as {}", rows, fileName);
            } catch (IOException e) {
                // Only the response stream throws IOException here: the client went away at a write or the close.
                clientGone(fileName, e);
            }
        } finally {
            running.release();
        }
    }

    @FunctionalInterface
    private interface Export {
        long write(Writer out) throws IOException;
    }

    private ErrorResponseException tooMany() {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.TOO_MANY_REQUESTS,
                maxConcurrent + " exports are running, the most this service serves at once; retry after "
                        + RETRY_AFTER_SECONDS + " s");
        problem.setTitle("Too many exports");
        ErrorResponseException tooMany = new ErrorResponseException(HttpStatus.TOO_MANY_REQUESTS, problem, null);
        tooMany.getHeaders().set(HttpHeaders.RETRY_AFTER, Integer.toString(RETRY_AFTER_SECONDS));
        return tooMany;
    }

    private static void clientGone(String fileName, IOException e) {
        log.info("export {} stopped: the client went away ({})", fileName, e.getMessage());
    }

    private static void startCsv(HttpServletResponse response, String fileName) {
        response.setStatus(HttpStatus.OK.value());
        response.setContentType(CSV);
        response.setHeader(HttpHeaders.CONTENT_DISPOSITION,
                ContentDisposition.attachment().filename(fileName).build().toString());
        response.setHeader(HttpHeaders.CACHE_CONTROL, "no-store");
    }

    private static Writer writer(HttpServletResponse response) throws IOException {
        return new BufferedWriter(new OutputStreamWriter(response.getOutputStream(), StandardCharsets.UTF_8),
                WRITE_BUFFER_CHARS);
    }
}
