package io.mink.lake.write.batch;

import io.mink.schema.batch.RowBatch;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * One row of a column batch, moved from row to row by the writer, which calls {@link #endBatch} after a batch's
 * last row and before it closes the batch. As a {@link StructLike} it gives the
 * row's values in Iceberg's internal representation (micros as longs, days as ints), which partition
 * transforms read; lists and maps are not given, as no transform reads them.
 */
public final class BatchRow implements StructLike {
  private final List<Runnable> batchEndActions = new ArrayList<>();
  private RowBatch batch;
  private int index;
  private Types.StructType struct;
  private List<FieldVector> vectors;

  /** Points at row {@code row} of {@code rows}. */
  public BatchRow at(RowBatch rows, int row) {
    if (rows != batch) {
      batch = rows;
      struct = rows.schema().asStruct();
      vectors = rows.root().getFieldVectors();
    }
    index = row;
    return this;
  }

  /**
   * Runs {@code action} when the rows of the current batch have all been written, while the batch is still
   * open: a writer that collects rows encodes them then.
   */
  public void whenBatchEnds(Runnable action) {
    batchEndActions.add(action);
  }

  /** Tells the writers of the current batch's rows that no more of them come; the batch is still open. */
  public void endBatch() {
    try {
      for (Runnable action : batchEndActions) {
        action.run();
      }
    } finally {
      batchEndActions.clear();
    }
  }

  public RowBatch batch() {
    return batch;
  }

  public int index() {
    return index;
  }

  @Override
  public int size() {
    return vectors.size();
  }

  @Override
  public <T> T get(int pos, Class<T> javaClass) {
    return javaClass.cast(value(struct.fields().get(pos).type(), vectors.get(pos), index));
  }

  @Override
  public <T> void set(int pos, T value) {
    throw new UnsupportedOperationException("A row of a column batch is read-only");
  }

  private static Object value(Type type, FieldVector vector, int index) {
    if (vector.isNull(index)) {
      return null;
    }
    return switch (type.typeId()) {
      case BOOLEAN -> ((BitVector) vector).get(index) != 0;
      case INTEGER, DATE -> fixed(vector).getDataBuffer().getInt((long) index * 4);
      case LONG, TIME, TIMESTAMP -> fixed(vector).getDataBuffer().getLong((long) index * 8);
      case FLOAT -> fixed(vector).getDataBuffer().getFloat((long) index * 4);
      case DOUBLE -> fixed(vector).getDataBuffer().getDouble((long) index * 8);
      case STRING -> ((VarCharVector) vector).getObject(index).toString();
      case BINARY -> ByteBuffer.wrap(((BaseVariableWidthVector) vector).get(index));
      case FIXED -> ByteBuffer.wrap(((FixedSizeBinaryVector) vector).get(index));
      case UUID -> uuid(((FixedSizeBinaryVector) vector).get(index));
      case DECIMAL -> decimal((DecimalVector) vector, index);
      case STRUCT -> struct(type.asStructType(), (StructVector) vector, index);
      default -> null;
    };
  }

  private static BaseFixedWidthVector fixed(FieldVector vector) {
    return (BaseFixedWidthVector) vector;
  }

  private static UUID uuid(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    return new UUID(buffer.getLong(), buffer.getLong());
  }

  private static BigDecimal decimal(DecimalVector vector, int index) {
    return vector.getObject(index);
  }

  private static StructLike struct(Types.StructType type, StructVector vector, int index) {
    List<Object> values = new ArrayList<>();
    for (int i = 0; i < type.fields().size(); i++) {
      values.add(
          value(type.fields().get(i).type(), (FieldVector) vector.getChildByOrdinal(i), index));
    }
    return new StructLike() {
      @Override
      public int size() {
        return values.size();
      }

      @Override
      public <T> T get(int pos, Class<T> javaClass) {
        return javaClass.cast(values.get(pos));
      }

      @Override
      public <T> void set(int pos, T value) {
        throw new UnsupportedOperationException("A row of a column batch is read-only");
      }
    };
  }
}
