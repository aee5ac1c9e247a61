package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.types.Types;

/**
 * One file read twice side by side, its columns joined batch by batch: some columns in column batches (the
 * vectorized reader's), the rest as rows of the same file in the same order. Each batch of the first gets as many
 * rows of the second; the vectors of both move into a batch of the whole projection without a copy.
 */
final class JoinedBatches implements CloseableIterator<RowBatch> {
  private final CloseableIterator<RowBatch> columns;
  private final CloseableIterable<Record> records;
  private final CloseableIterator<Record> rows;
  private final Schema rowSchema;
  private final Schema projection;

  /**
   * @param rowSchema the columns {@code records} hold
   * @param projection every column, of {@code columns}' batches and {@code rowSchema}, in the order returned
   */
  JoinedBatches(
      CloseableIterator<RowBatch> columns,
      CloseableIterable<Record> records,
      Schema rowSchema,
      Schema projection) {
    this.columns = requireNonNull(columns, "columns is null");
    this.records = requireNonNull(records, "records is null");
    this.rows = records.iterator();
    this.rowSchema = requireNonNull(rowSchema, "rowSchema is null");
    this.projection = requireNonNull(projection, "projection is null");
  }

  @Override
  public boolean hasNext() {
    boolean more = columns.hasNext();
    if (!more && rows.hasNext()) {
      throw new IllegalStateException(
          "The row reader of a lake file has rows past the column reader's end");
    }
    return more;
  }

  @Override
  public RowBatch next() {
    try (RowBatch vectorized = columns.next();
        RowBatch other = RowBatch.of(rowSchema, take(vectorized.rows()))) {
      RowBatch joined = RowBatch.allocate(projection, vectorized.rows());
      List<Types.NestedField> fields = projection.columns();
      for (int c = 0; c < fields.size(); c++) {
        int id = fields.get(c).fieldId();
        RowBatch from = vectorized.schema().findField(id) != null ? vectorized : other;
        FieldVector source =
            from.column(from.schema().columns().indexOf(from.schema().findField(id)));
        source.makeTransferPair(joined.column(c)).transfer();
      }
      joined.finish(vectorized.rows());
      return joined;
    }
  }

  private List<Record> take(int count) {
    List<Record> taken = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      if (!rows.hasNext()) {
        throw new IllegalStateException("The row reader of a lake file ended " + (count - i)
            + " rows before the column reader's batch");
      }
      taken.add(rows.next());
    }
    return taken;
  }

  @Override
  public void close() throws IOException {
    try {
      columns.close();
    } finally {
      try {
        rows.close();
      } finally {
        records.close();
      }
    }
  }
}
