package io.mink.query.read;

import io.mink.schema.batch.RowBatch;
import io.mink.schema.batch.ValueGetter;
import io.mink.schema.batch.ValueSetter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.util.TransferPair;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * Puts column batches into the read schema (docs/querying.md, Fresh reads): each column of the target found in the
 * batch by field id, moved over as it is when its type is the same, converted when a type was promoted or a nested
 * field added, and null when the batch was built before the column existed. Moving a column copies nothing.
 */
final class BatchNormalizer {
  private BatchNormalizer() {}

  /**
   * The batch in the target schema, its identifier fields included (an upsert table's key); the input batch is
   * closed.
   */
  static RowBatch normalize(RowBatch source, Schema target) {
    if (source.schema().sameSchema(target)) {
      return source;
    }
    int rows = source.rows();
    RowBatch normalized = RowBatch.allocate(target, rows);
    try {
      List<Types.NestedField> columns = target.columns();
      for (int c = 0; c < columns.size(); c++) {
        fill(source, columns.get(c), normalized.column(c), rows);
      }
      normalized.finish(rows);
    } catch (RuntimeException e) {
      normalized.close();
      throw e;
    } finally {
      source.close();
    }
    return normalized;
  }

  /**
   * The batch with only the columns named in lower case (those it has), in its own order; the input batch is closed.
   */
  static RowBatch keep(RowBatch source, Set<String> names) {
    List<Types.NestedField> kept = new ArrayList<>();
    for (Types.NestedField column : source.schema().columns()) {
      if (names.contains(column.name().toLowerCase(Locale.ROOT))) {
        kept.add(column);
      }
    }
    if (kept.size() == source.schema().columns().size()) {
      return source;
    }
    return normalize(source, new Schema(kept));
  }

  /** The first {@code rows} rows of the batch; the input batch is closed. */
  static RowBatch head(RowBatch source, int rows) {
    if (rows >= source.rows()) {
      return source;
    }
    try {
      return RowBatch.of(source.schema(), source.toRecords().subList(0, rows));
    } finally {
      source.close();
    }
  }

  /**
   * The rows of the batch at the first {@code count} of {@code positions}, which ascend, in that order; the input
   * batch is closed. Values are copied vector to vector, nested ones included.
   */
  static RowBatch rows(RowBatch source, int[] positions, int count) {
    if (count == source.rows()) {
      return source;
    }
    RowBatch selected = RowBatch.allocate(source.schema(), count);
    try {
      for (int c = 0; c < source.schema().columns().size(); c++) {
        FieldVector target = selected.column(c);
        TransferPair copy = source.column(c).makeTransferPair(target);
        for (int row = 0; row < count; row++) {
          copy.copyValueSafe(positions[row], row);
        }
        target.setValueCount(count);
      }
      selected.finish(count);
    } catch (RuntimeException e) {
      selected.close();
      throw e;
    } finally {
      source.close();
    }
    return selected;
  }

  private static void fill(
      RowBatch source, Types.NestedField column, FieldVector target, int rows) {
    Schema schema = source.schema();
    Types.NestedField from = schema.asStruct().field(column.fieldId());
    if (from == null) {
      ValueSetter nulls = ValueSetter.compile(column.type(), target);
      for (int row = 0; row < rows; row++) {
        nulls.set(row, null);
      }
      target.setValueCount(rows);
      return;
    }
    FieldVector vector = source.column(schema.columns().indexOf(from));
    if (from.type().equals(column.type())) {
      vector.makeTransferPair(target).transfer();
      return;
    }
    ValueGetter getter = ValueGetter.compile(from.type(), vector);
    ValueSetter setter = ValueSetter.compile(column.type(), target);
    for (int row = 0; row < rows; row++) {
      setter.set(row, ValueConversion.convert(getter.get(row), from.type(), column.type()));
    }
    target.setValueCount(rows);
  }
}
