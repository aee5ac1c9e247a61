package io.mink.query.sql;

import java.io.IOException;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * DuckDB's result batches, each moved into this reader's vectors without a copy; a failure while DuckDB runs the
 * statement is reported as the engine words it (a scan's own failure rather than DuckDB's wrapping of it).
 */
final class ResultReader extends ArrowReader {
  private final ArrowReader duckdb;
  private final Schema schema;
  private final Function<Exception, RuntimeException> failures;

  ResultReader(
      BufferAllocator allocator, ArrowReader duckdb, Function<Exception, RuntimeException> failures)
      throws IOException {
    super(allocator);
    this.duckdb = duckdb;
    this.schema = duckdb.getVectorSchemaRoot().getSchema();
    this.failures = failures;
  }

  @Override
  public boolean loadNextBatch() {
    try {
      if (!duckdb.loadNextBatch()) {
        return false;
      }
      try (ArrowRecordBatch batch =
          new VectorUnloader(duckdb.getVectorSchemaRoot()).getRecordBatch()) {
        new VectorLoader(getVectorSchemaRoot()).load(batch);
      }
      return true;
    } catch (IOException | RuntimeException e) {
      throw failures.apply(e);
    }
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() throws IOException {
    duckdb.close();
  }

  @Override
  protected Schema readSchema() {
    return schema;
  }
}
