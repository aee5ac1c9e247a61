package io.mink.query.read;

import io.mink.schema.batch.ValueSetter;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.iceberg.arrow.vectorized.NullabilityHolder;
import org.apache.iceberg.arrow.vectorized.VectorHolder;
import org.apache.iceberg.types.Types;
import org.apache.parquet.column.Dictionary;

/**
 * Puts what Iceberg's vectorized reader read of one column into the column's vector of a {@link
 * io.mink.schema.batch.RowBatch}, of the Arrow type {@link io.mink.schema.batch.ArrowSchemas} gives the column:
 *
 * <ul>
 *   <li>a vector of that type already: its buffers move to the batch's vector, nothing is copied;
 *   <li>dictionary ids (a column chunk stored all in dictionary pages): the dictionary is decoded once into a vector
 *       of the column's type, and each row copied from it;
 *   <li>the values as the file stores them (a decimal's unscaled int, long or bytes; an int or float of a column
 *       promoted since; a timestamp in milliseconds, which the reader scales to microseconds): converted row by row;
 *   <li>no vector (a column the file does not have, or a constant of the file's partition): filled with that value.
 * </ul>
 */
final class ColumnLoad implements AutoCloseable {
  private final Types.NestedField field;
  private Dictionary decoded;
  private FieldVector dictionaryValues;

  ColumnLoad(Types.NestedField field) {
    this.field = field;
  }

  void load(VectorHolder holder, FieldVector target, int rows) {
    if (holder.isDummy()) {
      fill(constant(holder), target, rows);
    } else if (holder.isDictionaryEncoded()) {
      gather(holder, target, rows);
    } else if (sameLayout(holder.vector(), target)) {
      holder.vector().makeTransferPair(target).transfer();
    } else {
      convert(holder.vector(), target, rows);
    }
  }

  private static Object constant(VectorHolder holder) {
    return holder instanceof VectorHolder.ConstantVectorHolder<?> constant
        ? constant.getConstant()
        : null;
  }

  private void fill(Object value, FieldVector target, int rows) {
    ValueSetter setter = ValueSetter.compile(field.type(), target);
    for (int row = 0; row < rows; row++) {
      setter.set(row, value);
    }
    target.setValueCount(rows);
  }

  private void gather(VectorHolder holder, FieldVector target, int rows) {
    IntVector ids = (IntVector) holder.vector();
    NullabilityHolder nulls = holder.nullabilityHolder();
    FieldVector values = dictionaryValues(holder, target);
    reserve(target, rows, gatheredBytes(ids, nulls, values, rows));
    for (int row = 0; row < rows; row++) {
      if (nulls.isNullAt(row) == 1) {
        target.setNull(row);
      } else {
        target.copyFromSafe(ids.get(row), row, values);
      }
    }
    target.setValueCount(rows);
  }

  /** The bytes of the values of {@code ids} in a dictionary of variable-width values, else 0. */
  private static long gatheredBytes(
      IntVector ids, NullabilityHolder nulls, FieldVector values, int rows) {
    if (!(values instanceof BaseVariableWidthVector dictionary)) {
      return 0;
    }
    long bytes = 0;
    for (int row = 0; row < rows; row++) {
      if (nulls.isNullAt(row) == 0) {
        bytes += dictionary.getValueLength(ids.get(row));
      }
    }
    return bytes;
  }

  /** Allocates the target for {@code rows} values of {@code bytes} in all, so that it need not grow. */
  private static void reserve(FieldVector target, int rows, long bytes) {
    if (target instanceof BaseVariableWidthVector variableWidth) {
      variableWidth.allocateNew(Math.max(bytes, 1), rows);
    } else {
      target.setInitialCapacity(rows);
      target.allocateNew();
    }
  }

  /** The values of the holder's dictionary in a vector of the target's type, decoded once per dictionary. */
  private FieldVector dictionaryValues(VectorHolder holder, FieldVector target) {
    if (holder.dictionary() != decoded) {
      close();
      FieldVector values = target.getField().createVector(target.getAllocator());
      try {
        DictionaryValues.decode(
            holder.dictionary(), holder.descriptor().getPrimitiveType(), field.type(), values);
      } catch (RuntimeException e) {
        values.close();
        throw e;
      }
      dictionaryValues = values;
      decoded = holder.dictionary();
    }
    return dictionaryValues;
  }

  private static boolean sameLayout(FieldVector source, FieldVector target) {
    if (source.getClass() != target.getClass()) {
      return false;
    }
    return !(source instanceof FixedSizeBinaryVector fixed)
        || fixed.getByteWidth() == ((FixedSizeBinaryVector) target).getByteWidth();
  }

  private void convert(FieldVector source, FieldVector target, int rows) {
    RowCopy copy = rowCopy(source, target);
    reserve(target, rows, 0);
    for (int row = 0; row < rows; row++) {
      if (source.isNull(row)) {
        target.setNull(row);
      } else {
        copy.copy(row);
      }
    }
    target.setValueCount(rows);
  }

  @FunctionalInterface
  private interface RowCopy {
    void copy(int row);
  }

  private RowCopy rowCopy(FieldVector source, FieldVector target) {
    RowCopy copy = switch (field.type().typeId()) {
      case LONG ->
        source instanceof IntVector ints
            ? row -> ((BigIntVector) target).setSafe(row, ints.get(row))
            : null;
      case DOUBLE ->
        source instanceof Float4Vector floats
            ? row -> ((Float8Vector) target).setSafe(row, floats.get(row))
            : null;
      case TIMESTAMP ->
        source instanceof BigIntVector micros
            ? row -> ((TimeStampVector) target).setSafe(row, micros.get(row))
            : null;
      case DECIMAL -> decimalCopy(source, (DecimalVector) target);
      default -> null;
    };
    if (copy == null) {
      throw unexpected(source, target);
    }
    return copy;
  }

  private RowCopy decimalCopy(FieldVector source, DecimalVector target) {
    if (source instanceof IntVector unscaled) {
      return row -> target.setSafe(row, unscaled.get(row));
    } else if (source instanceof BigIntVector unscaled) {
      return row -> target.setSafe(row, unscaled.get(row));
    } else if (source instanceof FixedSizeBinaryVector bigEndian) {
      return row -> target.setBigEndianSafe(row, bigEndian.get(row));
    } else if (source instanceof VarBinaryVector bigEndian) {
      return row -> target.setBigEndianSafe(row, bigEndian.get(row));
    }
    throw unexpected(source, target);
  }

  private IllegalStateException unexpected(FieldVector source, FieldVector target) {
    return new IllegalStateException(String.format(
        "Cannot load column %s of type %s from the %s Iceberg's vectorized reader made into a %s: the file stores it "
            + "in a way this reader does not know; read the file with Iceberg's row reader",
        field.name(),
        field.type(),
        source.getClass().getSimpleName(),
        target.getClass().getSimpleName()));
  }

  @Override
  public void close() {
    if (dictionaryValues != null) {
      dictionaryValues.close();
    }
    dictionaryValues = null;
    decoded = null;
  }
}
