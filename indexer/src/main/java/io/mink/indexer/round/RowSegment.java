package io.mink.indexer.round;

import io.mink.schema.batch.RowBatch;
import org.apache.iceberg.Schema;

/**
 * Consecutive rows of one partition built under one table schema, as a column batch. Whoever writes the
 * segment closes it.
 */
public record RowSegment(RowBatch batch) implements AutoCloseable {
  public Schema schema() {
    return batch.schema();
  }

  public int rows() {
    return batch.rows();
  }

  @Override
  public void close() {
    batch.close();
  }
}
