package io.mink.lake.write.duckdb;

import io.mink.schema.batch.RowBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.iceberg.DoubleFieldMetrics;
import org.apache.iceberg.FieldMetrics;
import org.apache.iceberg.FloatFieldMetrics;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * The metrics of a file's float and double columns, counted from the batches written to it, as Iceberg's own
 * writer counts them: NaN values apart, bounds over the other values. DuckDB's footer has no NaN count and
 * takes NaN for the largest value, so a footer alone would leave such columns without bounds. Columns in
 * lists and maps are left out, as Iceberg keeps no metrics for them.
 */
final class FloatColumnMetrics {
  private final List<Column> columns = new ArrayList<>();

  FloatColumnMetrics(Schema schema) {
    collect(schema.asStruct(), new ArrayList<>());
  }

  /** Counts the float and double values of every row of the batch. */
  void add(RowBatch batch) {
    for (Column column : columns) {
      column.add(batch);
    }
  }

  Stream<FieldMetrics<?>> metrics() {
    return columns.stream().map(Column::metrics);
  }

  private void collect(Types.StructType struct, List<Integer> parents) {
    List<Types.NestedField> fields = struct.fields();
    for (int i = 0; i < fields.size(); i++) {
      Types.NestedField field = fields.get(i);
      List<Integer> path = new ArrayList<>(parents);
      path.add(i);
      switch (field.type().typeId()) {
        case FLOAT, DOUBLE -> columns.add(new Column(field.fieldId(), path));
        case STRUCT -> collect(field.type().asStructType(), path);
        default -> {}
      }
    }
  }

  /** One column, found by its positions from the batch's top-level vectors down. */
  private static final class Column {
    private final int fieldId;
    private final int[] path;
    private final FloatFieldMetrics.Builder floats;
    private final DoubleFieldMetrics.Builder doubles;
    private long nulls;

    Column(int fieldId, List<Integer> path) {
      this.fieldId = fieldId;
      this.path = path.stream().mapToInt(Integer::intValue).toArray();
      this.floats = new FloatFieldMetrics.Builder(fieldId);
      this.doubles = new DoubleFieldMetrics.Builder(fieldId);
    }

    void add(RowBatch batch) {
      FieldVector vector = batch.column(path[0]);
      for (int i = 1; i < path.length; i++) {
        vector = vector.getChildrenFromFields().get(path[i]);
      }
      for (int row = 0; row < batch.rows(); row++) {
        if (vector.isNull(row)) {
          nulls++;
        } else if (vector instanceof Float4Vector floatVector) {
          floats.addValue(floatVector.get(row));
        } else {
          doubles.addValue(((Float8Vector) vector).get(row));
        }
      }
    }

    FieldMetrics<?> metrics() {
      FieldMetrics<?> values = floats.build().valueCount() > 0 ? floats.build() : doubles.build();
      return withNulls(values);
    }

    private <T> FieldMetrics<T> withNulls(FieldMetrics<T> values) {
      return new FieldMetrics<>(
          fieldId,
          values.valueCount() + nulls,
          nulls,
          values.nanValueCount(),
          values.lowerBound(),
          values.upperBound());
    }
  }
}
