package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.iceberg.types.Types;

/**
 * The primary-key merge of one Kafka partition of an upsert table (docs/querying.md, Upsert
 * tables), given the tail's last change per key: a lake row whose key the tail changed is dropped, and a tail row is
 * kept only when it is its key's last change and that change does not delete the key, so the tail's rows come in
 * log order, each key once. It runs before the read's filter, which therefore sees the merged rows: a lake row the
 * tail replaced or deleted stays out whether or not the tail's change matches the filter. Pure.
 */
record KeyMerge(TailChanges changes) implements RowMerge {
  KeyMerge {
    requireNonNull(changes, "changes is null");
  }

  /** The batch's rows whose key the tail did not change. */
  @Override
  public RowBatch lake(RowBatch batch) {
    VarBinaryVector keys = keys(batch);
    int[] kept = new int[batch.rows()];
    int count = 0;
    for (int row = 0; row < batch.rows(); row++) {
      if (!changes.touches(keys.getObject(row))) {
        kept[count++] = row;
      }
    }
    return BatchNormalizer.rows(batch, kept, count);
  }

  /** The batch's rows that are the last change of their key and leave it live. */
  @Override
  public RowBatch tail(RowBatch batch) {
    VarBinaryVector keys = keys(batch);
    BigIntVector offsets = (BigIntVector) column(batch, KafkaColumns.OFFSET);
    int[] kept = new int[batch.rows()];
    int count = 0;
    for (int row = 0; row < batch.rows(); row++) {
      if (changes.isLive(keys.getObject(row), offsets.get(row))) {
        kept[count++] = row;
      }
    }
    return BatchNormalizer.rows(batch, kept, count);
  }

  private static VarBinaryVector keys(RowBatch batch) {
    return (VarBinaryVector) column(batch, KafkaColumns.KEY);
  }

  private static FieldVector column(RowBatch batch, String name) {
    Types.NestedField field = batch.schema().findField(name);
    if (field == null) {
      throw new IllegalStateException(
          "Cannot merge a batch of columns " + batch.schema().columns() + " by key: it has no "
              + name + "; the read must keep the key columns to merge");
    }
    return batch.column(batch.schema().columns().indexOf(field));
  }
}
