package io.mink.query.sql;

import io.mink.query.read.ReadResult;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One split of a table's scan as the Arrow stream DuckDB reads: the union read's batches, taken as DuckDB asks for
 * the next one. A batch's buffers move into the stream's vectors without a copy. An empty split has a schema and no
 * batches. A failure of the read is kept for the engine, which reports it instead of DuckDB's wrapping of it.
 */
final class ScanStream extends ArrowReader {
  private final Schema schema;
  private final ReadResult result;

  /** @param result the split's read; empty for a split that reads nothing */
  ScanStream(BufferAllocator allocator, Schema schema, ReadResult result) {
    super(allocator);
    this.schema = schema;
    this.result = result;
  }

  private volatile RuntimeException failure;
  private final AtomicLong rows = new AtomicLong();
  private final AtomicLong batches = new AtomicLong();
  private final AtomicLong nanos = new AtomicLong();

  @Override
  public boolean loadNextBatch() throws IOException {
    long start = System.nanoTime();
    try {
      boolean loaded = next();
      if (loaded) {
        rows.addAndGet(getVectorSchemaRoot().getRowCount());
        batches.incrementAndGet();
      }
      return loaded;
    } catch (RuntimeException e) {
      failure = e;
      throw e;
    } finally {
      nanos.addAndGet(System.nanoTime() - start);
    }
  }

  /** The rows handed to DuckDB so far. */
  long rows() {
    return rows.get();
  }

  /** The batches handed to DuckDB so far. */
  long batches() {
    return batches.get();
  }

  /** The time DuckDB waited for this stream's batches, reading the lake and the held tail. */
  long nanos() {
    return nanos.get();
  }

  /** Why the read failed while DuckDB pulled it; null when it did not. */
  RuntimeException failure() {
    return failure;
  }

  private boolean next() throws IOException {
    while (result != null && result.batches().hasNext()) {
      try (RowBatch batch = result.batches().next()) {
        if (batch.rows() == 0) {
          continue;
        }
        try (ArrowRecordBatch unloaded = new VectorUnloader(batch.root()).getRecordBatch()) {
          new VectorLoader(getVectorSchemaRoot()).load(unloaded);
        }
        return true;
      }
    }
    return false;
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  /** The read is the scan's to close: the stream only takes its batches. */
  @Override
  protected void closeReadSource() {}

  @Override
  protected Schema readSchema() {
    return schema;
  }
}
