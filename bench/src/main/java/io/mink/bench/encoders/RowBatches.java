package io.mink.bench.encoders;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.iceberg.data.Record;

/** Rows as a stream of Arrow batches of {@value #BATCH_ROWS} rows, built as the reader asks for them. */
final class RowBatches extends ArrowReader {
  static final int BATCH_ROWS = 8_192;

  private final OrderRows rows;
  private final long count;
  private final Schema schema;
  private long written;

  RowBatches(BufferAllocator allocator, OrderRows rows, long count) {
    super(allocator);
    this.rows = rows;
    this.count = count;
    this.schema = ArrowSchemas.of(rows.schema());
  }

  @Override
  public boolean loadNextBatch() {
    if (written >= count) {
      return false;
    }
    VectorSchemaRoot root = getVectorSchemaRootUnchecked();
    root.clear();
    root.allocateNew();
    ArrowRowWriter writer = new ArrowRowWriter(rows.schema(), root);
    List<Record> sample = rows.rows();
    int batch = (int) Math.min(BATCH_ROWS, count - written);
    for (int i = 0; i < batch; i++) {
      writer.write(i, sample.get((int) ((written + i) % sample.size())));
    }
    root.setRowCount(batch);
    written += batch;
    return true;
  }

  private VectorSchemaRoot getVectorSchemaRootUnchecked() {
    try {
      return getVectorSchemaRoot();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() {}

  @Override
  protected Schema readSchema() {
    return schema;
  }
}
