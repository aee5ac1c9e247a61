package io.mink.bench.encoders;

import io.mink.schema.batch.ArrowSchemas;
import io.mink.schema.batch.ValueSetter;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

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
    List<Types.NestedField> columns = rows.schema().columns();
    List<ValueSetter> setters = new ArrayList<>();
    for (int c = 0; c < columns.size(); c++) {
      setters.add(ValueSetter.compile(columns.get(c).type(), root.getVector(c)));
    }
    List<Record> sample = rows.rows();
    int batch = (int) Math.min(BATCH_ROWS, count - written);
    for (int i = 0; i < batch; i++) {
      Record row = sample.get((int) ((written + i) % sample.size()));
      for (int c = 0; c < setters.size(); c++) {
        setters.get(c).set(i, row.get(c));
      }
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
