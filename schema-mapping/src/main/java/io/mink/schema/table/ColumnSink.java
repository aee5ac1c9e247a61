package io.mink.schema.table;

import io.mink.schema.batch.ValueSetter;
import io.mink.schema.decode.FieldSink;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.iceberg.types.Type;

/**
 * The column of a batch that takes one decoded field: scalars set straight into the column's vector, widened
 * where the column was promoted (int to long, float to double); any other value moved into the column's
 * shape ({@link ValueAdapter}) and set ({@link ValueSetter}).
 */
final class ColumnSink implements FieldSink {
  private final FieldVector vector;
  private final ValueAdapter adapter;
  private final ValueSetter setter;

  ColumnSink(Type source, Type column, FieldVector vector) {
    this.vector = vector;
    this.adapter = ValueAdapter.compile(source, column);
    this.setter = ValueSetter.compile(column, vector);
  }

  @Override
  public void setNull(int row) {
    vector.setNull(row);
  }

  @Override
  public void setInt(int row, int value) {
    if (vector instanceof IntVector ints) {
      ints.setSafe(row, value);
    } else {
      setLong(row, value);
    }
  }

  @Override
  public void setLong(int row, long value) {
    ((BigIntVector) vector).setSafe(row, value);
  }

  @Override
  public void setFloat(int row, float value) {
    if (vector instanceof Float4Vector floats) {
      floats.setSafe(row, value);
    } else {
      setDouble(row, value);
    }
  }

  @Override
  public void setDouble(int row, double value) {
    ((Float8Vector) vector).setSafe(row, value);
  }

  @Override
  public void setBoolean(int row, boolean value) {
    ((BitVector) vector).setSafe(row, value ? 1 : 0);
  }

  @Override
  public void setText(int row, byte[] utf8, int offset, int length) {
    ((VarCharVector) vector).setSafe(row, utf8, offset, length);
  }

  @Override
  public void setValue(int row, Object value) {
    setter.set(row, adapter.adapt(value));
  }
}
