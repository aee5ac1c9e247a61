package io.mink.cli.query;

import static java.util.Objects.requireNonNull;

import io.mink.query.sql.StatementResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Runs statements one after another: each one's rows to stdout in the format, then a line such as
 * {@code 3 rows in 0.12 s} to stderr. The first statement that fails stops the run with its failure.
 */
final class StatementRunner {
  private final QuerySession session;
  private final ResultFormat format;
  private final OutputStream out;
  private final PrintWriter err;

  StatementRunner(QuerySession session, ResultFormat format, OutputStream out, PrintWriter err) {
    this.session = requireNonNull(session, "session is null");
    this.format = requireNonNull(format, "format is null");
    this.out = requireNonNull(out, "out is null");
    this.err = requireNonNull(err, "err is null");
  }

  void runAll(List<String> statements) {
    statements.forEach(this::run);
  }

  /** Runs one statement, printing its rows and then its summary; returns the number of rows. */
  long run(String sql) {
    long start = System.nanoTime();
    long rows = 0;
    try (StatementResult result = session.engine().execute(sql, session.allocator())) {
      ResultWriter writer = ResultWriter.of(format, out);
      writer.begin(result.schema());
      ArrowReader reader = result.reader();
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        writer.write(batch);
        rows += batch.getRowCount();
      }
      writer.finish();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot run the statement: " + e.getMessage(), e);
    }
    err.println(summary(rows, System.nanoTime() - start));
    err.flush();
    return rows;
  }

  /** "1 row in 0.01 s", "3 rows in 0.12 s". */
  static String summary(long rows, long nanos) {
    return rows + (rows == 1 ? " row" : " rows") + " in "
        + String.format(Locale.ROOT, "%.2f", nanos / 1e9) + " s";
  }
}
