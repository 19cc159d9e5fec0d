package io.costbench.service.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

import jakarta.servlet.http.HttpServletResponse;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
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

    private final CostExport costs;
    private final RunExport runs;
    private final SweepStore sweeps;
    private final Clock clock;

    ExportController(CostExport costs, RunExport runs, SweepStore sweeps, ObjectProvider<Clock> clock) {
        this.costs = costs;
        this.runs = runs;
        this.sweeps = sweeps;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
    }

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

    @GetMapping("/api/v1/sweeps/{id}/results.csv")
    void sweepResults(@PathVariable long id, @RequestParam(required = false) String priceMode,
            @RequestParam(required = false) String priceOption, HttpServletResponse response) throws IOException {
        if (sweeps.find(id).isEmpty()) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no sweep with id " + id);
        }
        CostFilter filter = CostFilter.forSweep(id, priceMode, priceOption);
        writeCosts(filter, ExportFileName.sweepResults(id, clock.instant()), response);
    }

    @GetMapping("/api/v1/export/runs.csv")
    void runs(@RequestParam(required = false) String model, @RequestParam(required = false) String hardware,
            @RequestParam(required = false) String profile, @RequestParam(required = false) String branch,
            @RequestParam(required = false) String from, @RequestParam(required = false) String to,
            HttpServletResponse response) throws IOException {
        RunFilter filter = RunFilter.parse(model, hardware, profile, branch, from, to);
        runs.checkKnown(filter);
        String fileName = ExportFileName.runs(clock.instant());
        startCsv(response, fileName);
        try (Writer out = writer(response)) {
            runs.write(filter, out);
        } catch (ExportAbortedException e) {
            clientGone(fileName, e.getCause());
        } catch (IOException e) {
            clientGone(fileName, e);
        }
    }

    private void writeCosts(CostFilter filter, String fileName, HttpServletResponse response) throws IOException {
        startCsv(response, fileName);
        try (Writer out = writer(response)) {
            long rows = costs.write(filter, out);
            log.debug("exported {} cost rows as {}", rows, fileName);
        } catch (ExportAbortedException e) {
            clientGone(fileName, e.getCause());
        } catch (IOException e) {
            // Only the response stream throws IOException here: the client went away at a flush or the close.
            clientGone(fileName, e);
        }
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
