package io.costbench.service.export;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Writing to the client failed (it went away): the export stops, its query and connection are released. */
class ExportAbortedException extends UncheckedIOException {

    ExportAbortedException(IOException cause) {
        super("client stopped reading the export", cause);
    }
}
