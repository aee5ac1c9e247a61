package io.mink.schema.batch;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Sets one value of an Iceberg generic type (Integer, CharSequence, OffsetDateTime, Record, List, Map, ...)
 * at a row of an Arrow vector of the same type ({@link ArrowSchemas}); null sets null. Compiled once per
 * column and vector.
 */
@FunctionalInterface
public interface ValueSetter {
  void set(int index, Object value);

  static ValueSetter compile(Type type, FieldVector vector) {
    ValueSetter present = present(type, vector);
    return (index, value) -> {
      if (value == null) {
        vector.setNull(index);
      } else {
        present.set(index, value);
      }
    };
  }

  private static ValueSetter present(Type type, FieldVector vector) {
    return switch (type.typeId()) {
      case BOOLEAN -> (i, v) -> ((BitVector) vector).setSafe(i, (Boolean) v ? 1 : 0);
      case INTEGER -> (i, v) -> ((IntVector) vector).setSafe(i, (Integer) v);
      case LONG -> (i, v) -> ((BigIntVector) vector).setSafe(i, (Long) v);
      case FLOAT -> (i, v) -> ((Float4Vector) vector).setSafe(i, (Float) v);
      case DOUBLE -> (i, v) -> ((Float8Vector) vector).setSafe(i, (Double) v);
      case DATE ->
        (i, v) ->
            ((DateDayVector) vector).setSafe(i, Math.toIntExact(((LocalDate) v).toEpochDay()));
      case TIME ->
        (i, v) -> ((TimeMicroVector) vector).setSafe(i, ((LocalTime) v).toNanoOfDay() / 1_000);
      case TIMESTAMP -> (i, v) -> ((TimeStampVector) vector).setSafe(i, micros(v));
      case STRING ->
        (i, v) ->
            ((VarCharVector) vector).setSafe(i, v.toString().getBytes(StandardCharsets.UTF_8));
      case BINARY -> (i, v) -> setBytes((VarBinaryVector) vector, i, (ByteBuffer) v);
      case FIXED -> (i, v) -> ((FixedSizeBinaryVector) vector).setSafe(i, fixedBytes(v));
      case UUID -> (i, v) -> ((FixedSizeBinaryVector) vector).setSafe(i, uuidBytes((UUID) v));
      case DECIMAL -> (i, v) -> ((DecimalVector) vector).setSafe(i, (BigDecimal) v);
      case STRUCT -> struct(type.asStructType(), (StructVector) vector);
      case LIST -> list(type.asListType(), (ListVector) vector);
      case MAP -> map(type.asMapType(), (MapVector) vector);
      default ->
        throw new IllegalArgumentException(
            "Mink has no column batch type for Iceberg type " + type);
    };
  }

  private static ValueSetter struct(Types.StructType type, StructVector vector) {
    List<ValueSetter> children = new ArrayList<>();
    for (int i = 0; i < type.fields().size(); i++) {
      children.add(compile(type.fields().get(i).type(), (FieldVector) vector.getChildByOrdinal(i)));
    }
    ValueSetter[] fields = children.toArray(ValueSetter[]::new);
    return (i, v) -> {
      StructLike struct = (StructLike) v;
      vector.setIndexDefined(i);
      for (int f = 0; f < fields.length; f++) {
        fields[f].set(i, struct.get(f, Object.class));
      }
    };
  }

  private static ValueSetter list(Types.ListType type, ListVector vector) {
    ValueSetter element = compile(type.elementType(), vector.getDataVector());
    return (i, v) -> {
      List<?> values = (List<?>) v;
      int start = vector.startNewValue(i);
      for (int e = 0; e < values.size(); e++) {
        element.set(start + e, values.get(e));
      }
      vector.endValue(i, values.size());
    };
  }

  private static ValueSetter map(Types.MapType type, MapVector vector) {
    StructVector entries = (StructVector) vector.getDataVector();
    ValueSetter key = compile(type.keyType(), (FieldVector) entries.getChildByOrdinal(0));
    ValueSetter value = compile(type.valueType(), (FieldVector) entries.getChildByOrdinal(1));
    return (i, v) -> {
      int start = vector.startNewValue(i);
      int e = 0;
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) v).entrySet()) {
        entries.setIndexDefined(start + e);
        key.set(start + e, entry.getKey());
        value.set(start + e, entry.getValue());
        e++;
      }
      vector.endValue(i, e);
    };
  }

  private static void setBytes(VarBinaryVector vector, int index, ByteBuffer buffer) {
    if (buffer.hasArray()) {
      vector.setSafe(
          index, buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
    } else {
      vector.setSafe(index, buffer, buffer.position(), buffer.remaining());
    }
  }

  private static byte[] fixedBytes(Object value) {
    if (value instanceof byte[] bytes) {
      return bytes;
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  private static byte[] uuidBytes(UUID uuid) {
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }

  /** Microseconds since the epoch of Iceberg's generic timestamps. */
  private static long micros(Object value) {
    if (value instanceof OffsetDateTime time) {
      return micros(time);
    }
    return micros(((LocalDateTime) value).atOffset(ZoneOffset.UTC));
  }

  /** Computed from the second after when it is negative, so that the earliest microseconds do not overflow. */
  private static long micros(OffsetDateTime time) {
    long seconds = time.toEpochSecond();
    int micros = time.getNano() / 1_000;
    if (seconds < 0 && micros > 0) {
      return Math.addExact(Math.multiplyExact(seconds + 1, 1_000_000L), micros - 1_000_000L);
    }
    return Math.addExact(Math.multiplyExact(seconds, 1_000_000L), micros);
  }
}
