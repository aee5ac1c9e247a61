package io.mink.cli.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import org.apache.iceberg.Schema;

/**
 * Prints the rows of a read in one {@link ReadOutput} format: {@link #begin} once, {@link #write} for each batch,
 * {@link #finish} at the end, {@link #close} always. A writer prints to the stream it was given and never closes
 * it; closing a writer that did not finish releases what it holds without ending the output, so a reader of an
 * Arrow stream sees no end-of-stream marker after a failed read.
 */
public interface RowsWriter extends AutoCloseable {
  /**
   * Called once before any batch.
   *
   * @param schema the schema of every batch to come
   * @param metadata key-value pairs about the read for the formats that carry them: the Arrow schema's custom
   *     metadata; the text formats leave them out
   */
  void begin(Schema schema, Map<String, String> metadata) throws IOException;

  /**
   * Prints (or, for the table format, may hold the text of) the batch's rows. The batch's schema is the one
   * {@link #begin} was called with; the caller closes the batch.
   */
  void write(RowBatch batch) throws IOException;

  /** Flushes the output; the table format prints the rows it holds and a line such as "3 rows". */
  void finish() throws IOException;

  /** Releases what the writer holds; the output stream stays open. */
  @Override
  void close() throws IOException;

  static RowsWriter of(ReadOutput format, OutputStream out) {
    requireNonNull(format, "format is null");
    requireNonNull(out, "out is null");
    return switch (format) {
      case table -> new TableRowsWriter(out);
      case json -> new JsonRowsWriter(out);
      case csv -> new CsvRowsWriter(out);
      case arrow -> new ArrowRowsWriter(out);
    };
  }
}
