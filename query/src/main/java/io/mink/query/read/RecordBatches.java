package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;

/** Generic rows of a lake file as column batches of at most {@code batchSize} rows. */
final class RecordBatches implements CloseableIterator<RowBatch> {
  private final CloseableIterable<Record> records;
  private final CloseableIterator<Record> rows;
  private final Schema schema;
  private final int batchSize;

  RecordBatches(CloseableIterable<Record> records, Schema schema, int batchSize) {
    this.records = requireNonNull(records, "records is null");
    this.rows = records.iterator();
    this.schema = requireNonNull(schema, "schema is null");
    this.batchSize = batchSize;
  }

  @Override
  public boolean hasNext() {
    return rows.hasNext();
  }

  @Override
  public RowBatch next() {
    if (!rows.hasNext()) {
      throw new NoSuchElementException("no more rows in the file");
    }
    List<Record> batch = new ArrayList<>(Math.min(batchSize, 1024));
    while (batch.size() < batchSize && rows.hasNext()) {
      batch.add(rows.next());
    }
    return RowBatch.of(schema, batch);
  }

  @Override
  public void close() throws IOException {
    try {
      rows.close();
    } finally {
      records.close();
    }
  }
}
