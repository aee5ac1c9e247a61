package io.mink.bench.encoders;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Appends Iceberg generic rows to the vectors of an Arrow batch of the same schema ({@link ArrowSchemas}):
 * one small writer per column, compiled once per schema.
 */
final class ArrowRowWriter {
  private static final OffsetDateTime EPOCH =
      OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

  private final List<ValueWriter> columns = new ArrayList<>();

  ArrowRowWriter(org.apache.iceberg.Schema schema, VectorSchemaRoot root) {
    List<Types.NestedField> fields = schema.columns();
    for (int i = 0; i < fields.size(); i++) {
      columns.add(writer(fields.get(i).type(), root.getVector(i)));
    }
  }

  /** Writes row {@code row} of the batch. */
  void write(int row, StructLike values) {
    for (int i = 0; i < columns.size(); i++) {
      columns.get(i).write(row, values.get(i, Object.class));
    }
  }

  @FunctionalInterface
  private interface ValueWriter {
    void write(int index, Object value);
  }

  private static ValueWriter writer(Type type, FieldVector vector) {
    ValueWriter present = switch (type.typeId()) {
      case BOOLEAN -> (i, v) -> ((BitVector) vector).setSafe(i, (Boolean) v ? 1 : 0);
      case INTEGER -> (i, v) -> ((IntVector) vector).setSafe(i, (Integer) v);
      case LONG -> (i, v) -> ((BigIntVector) vector).setSafe(i, (Long) v);
      case FLOAT -> (i, v) -> ((Float4Vector) vector).setSafe(i, (Float) v);
      case DOUBLE -> (i, v) -> ((Float8Vector) vector).setSafe(i, (Double) v);
      case DATE ->
        (i, v) -> ((DateDayVector) vector).setSafe(i, (int) ((LocalDate) v).toEpochDay());
      case TIME ->
        (i, v) -> ((TimeMicroVector) vector).setSafe(i, ((LocalTime) v).toNanoOfDay() / 1_000);
      case TIMESTAMP -> (i, v) -> ((TimeStampVector) vector).setSafe(i, micros(v));
      case STRING ->
        (i, v) ->
            ((VarCharVector) vector).setSafe(i, v.toString().getBytes(StandardCharsets.UTF_8));
      case BINARY, FIXED -> (i, v) -> setBytes((VarBinaryVector) vector, i, v);
      case UUID -> (i, v) -> ((VarBinaryVector) vector).setSafe(i, uuidBytes((UUID) v));
      case DECIMAL -> (i, v) -> ((DecimalVector) vector).setSafe(i, (java.math.BigDecimal) v);
      case STRUCT -> struct(type.asStructType(), (StructVector) vector);
      case LIST -> list(type.asListType(), (ListVector) vector);
      case MAP -> map(type.asMapType(), (MapVector) vector);
      default ->
        throw new IllegalArgumentException("Cannot write Iceberg type " + type + " to Arrow");
    };
    return (i, v) -> {
      if (v == null) {
        vector.setNull(i);
      } else {
        present.write(i, v);
      }
    };
  }

  private static ValueWriter struct(Types.StructType type, StructVector vector) {
    List<ValueWriter> children = new ArrayList<>();
    for (int i = 0; i < type.fields().size(); i++) {
      children.add(writer(type.fields().get(i).type(), (FieldVector) vector.getChildByOrdinal(i)));
    }
    return (i, v) -> {
      StructLike struct = (StructLike) v;
      vector.setIndexDefined(i);
      for (int c = 0; c < children.size(); c++) {
        children.get(c).write(i, struct.get(c, Object.class));
      }
    };
  }

  private static ValueWriter list(Types.ListType type, ListVector vector) {
    ValueWriter element = writer(type.elementType(), vector.getDataVector());
    return (i, v) -> {
      List<?> values = (List<?>) v;
      int start = vector.startNewValue(i);
      for (int e = 0; e < values.size(); e++) {
        element.write(start + e, values.get(e));
      }
      vector.endValue(i, values.size());
    };
  }

  private static ValueWriter map(Types.MapType type, MapVector vector) {
    StructVector entries = (StructVector) vector.getDataVector();
    ValueWriter key = writer(type.keyType(), (FieldVector) entries.getChildByOrdinal(0));
    ValueWriter value = writer(type.valueType(), (FieldVector) entries.getChildByOrdinal(1));
    return (i, v) -> {
      int start = vector.startNewValue(i);
      int e = 0;
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) v).entrySet()) {
        entries.setIndexDefined(start + e);
        key.write(start + e, entry.getKey());
        value.write(start + e, entry.getValue());
        e++;
      }
      vector.endValue(i, e);
    };
  }

  private static long micros(Object value) {
    if (value instanceof OffsetDateTime time) {
      return ChronoUnit.MICROS.between(EPOCH, time);
    }
    return ChronoUnit.MICROS.between(EPOCH.toLocalDateTime(), (LocalDateTime) value);
  }

  private static void setBytes(VarBinaryVector vector, int index, Object value) {
    if (value instanceof byte[] bytes) {
      vector.setSafe(index, bytes);
    } else {
      ByteBuffer buffer = (ByteBuffer) value;
      vector.setSafe(index, buffer, buffer.position(), buffer.remaining());
    }
  }

  private static byte[] uuidBytes(UUID uuid) {
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }
}
