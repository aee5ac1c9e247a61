package io.mink.schema.batch;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Reads one value of an Arrow vector ({@link ArrowSchemas}) as Iceberg's generic type: the inverse of
 * {@link ValueSetter}. For callers that want objects, such as tests and row-by-row output; compiled once per
 * column and vector.
 */
@FunctionalInterface
public interface ValueGetter {
  Object get(int index);

  static ValueGetter compile(Type type, FieldVector vector) {
    ValueGetter present = present(type, vector);
    return index -> vector.isNull(index) ? null : present.get(index);
  }

  private static ValueGetter present(Type type, FieldVector vector) {
    return switch (type.typeId()) {
      case BOOLEAN -> i -> ((BitVector) vector).get(i) != 0;
      case INTEGER -> i -> ((IntVector) vector).get(i);
      case LONG -> i -> ((BigIntVector) vector).get(i);
      case FLOAT -> i -> ((Float4Vector) vector).get(i);
      case DOUBLE -> i -> ((Float8Vector) vector).get(i);
      case DATE -> i -> LocalDate.ofEpochDay(((DateDayVector) vector).get(i));
      case TIME -> i -> LocalTime.ofNanoOfDay(((TimeMicroVector) vector).get(i) * 1_000);
      case TIMESTAMP -> timestamp((Types.TimestampType) type, (TimeStampVector) vector);
      case STRING -> i -> ((VarCharVector) vector).getObject(i).toString();
      case BINARY -> i -> ByteBuffer.wrap(((VarBinaryVector) vector).get(i));
      case FIXED -> i -> ((FixedSizeBinaryVector) vector).get(i);
      case UUID -> i -> uuid(((FixedSizeBinaryVector) vector).get(i));
      case DECIMAL -> i -> ((DecimalVector) vector).getObject(i);
      case STRUCT -> struct(type.asStructType(), (StructVector) vector);
      case LIST -> list(type.asListType(), (ListVector) vector);
      case MAP -> map(type.asMapType(), (MapVector) vector);
      default ->
        throw new IllegalArgumentException(
            "Mink has no column batch type for Iceberg type " + type);
    };
  }

  private static ValueGetter timestamp(Types.TimestampType type, TimeStampVector vector) {
    if (type.shouldAdjustToUTC()) {
      return i -> OffsetDateTime.ofInstant(instant(vector.get(i)), ZoneOffset.UTC);
    }
    return i -> LocalDateTime.ofInstant(instant(vector.get(i)), ZoneOffset.UTC);
  }

  private static Instant instant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000);
  }

  private static ValueGetter struct(Types.StructType type, StructVector vector) {
    List<ValueGetter> fields = new ArrayList<>();
    for (int i = 0; i < type.fields().size(); i++) {
      fields.add(compile(type.fields().get(i).type(), (FieldVector) vector.getChildByOrdinal(i)));
    }
    return i -> {
      GenericRecord record = GenericRecord.create(type);
      for (int f = 0; f < fields.size(); f++) {
        record.set(f, fields.get(f).get(i));
      }
      return record;
    };
  }

  private static ValueGetter list(Types.ListType type, ListVector vector) {
    ValueGetter element = compile(type.elementType(), vector.getDataVector());
    return i -> {
      int start = vector.getElementStartIndex(i);
      int end = vector.getElementEndIndex(i);
      List<Object> values = new ArrayList<>(end - start);
      for (int e = start; e < end; e++) {
        values.add(element.get(e));
      }
      return values;
    };
  }

  private static ValueGetter map(Types.MapType type, MapVector vector) {
    StructVector entries = (StructVector) vector.getDataVector();
    ValueGetter key = compile(type.keyType(), (FieldVector) entries.getChildByOrdinal(0));
    ValueGetter value = compile(type.valueType(), (FieldVector) entries.getChildByOrdinal(1));
    return i -> {
      Map<Object, Object> values = new LinkedHashMap<>();
      for (int e = vector.getElementStartIndex(i); e < vector.getElementEndIndex(i); e++) {
        values.put(key.get(e), value.get(e));
      }
      return values;
    };
  }

  private static UUID uuid(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    return new UUID(buffer.getLong(), buffer.getLong());
  }
}
