package io.mink.cli.query;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Prints the rows of one statement's result in a {@link ResultFormat}: {@link #begin} once, {@link #write} for each
 * Arrow batch, {@link #finish} at the end. A writer prints to the stream it was given and never closes it.
 */
interface ResultWriter {
  /** Called once, with the schema of every batch to come. */
  void begin(Schema schema) throws IOException;

  /** Prints (or, for the table format, may hold the text of) the batch's rows; the caller owns the batch. */
  void write(VectorSchemaRoot batch) throws IOException;

  /** Prints what the writer holds and flushes the output. */
  void finish() throws IOException;

  static ResultWriter of(ResultFormat format, OutputStream out) {
    requireNonNull(format, "format is null");
    requireNonNull(out, "out is null");
    return switch (format) {
      case table -> new TableResultWriter(out);
      case json -> new JsonResultWriter(out);
      case csv -> new CsvResultWriter(out);
    };
  }
}
