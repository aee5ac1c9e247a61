package io.mink.cli.read;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
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
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The text of one value of an Arrow vector of a Mink batch ({@code io.mink.schema.batch.ArrowSchemas}), the same
 * in every text format: numbers as Java prints them ({@code NaN}, {@code Infinity}, {@code -Infinity} included),
 * decimals with their scale and no exponent ({@code 12.30}), binary and fixed in standard Base64 with padding,
 * uuids in their 36 characters, times as {@link TemporalText} writes them. Compiled once per column and schema;
 * the vector comes with each call.
 */
@FunctionalInterface
interface ValueText {
  String text(FieldVector vector, int index);

  /**
   * The text of a cell of a CSV file or a table: null for null, structs, lists and maps as their compact JSON
   * ({@link JsonValue}), written through {@code json}.
   */
  static ValueText cell(Type type, JsonText json) {
    ValueText present;
    if (type.isNestedType()) {
      JsonValue value = JsonValue.compile(type);
      present = (vector, index) -> json.text(value, vector, index);
    } else {
      present = scalar(type);
    }
    return (vector, index) -> vector.isNull(index) ? null : present.text(vector, index);
  }

  /** The text of a present value of a type that is neither struct, list nor map. */
  static ValueText scalar(Type type) {
    return switch (type.typeId()) {
      case BOOLEAN -> (v, i) -> ((BitVector) v).get(i) != 0 ? "true" : "false";
      case INTEGER -> (v, i) -> Integer.toString(((IntVector) v).get(i));
      case LONG -> (v, i) -> Long.toString(((BigIntVector) v).get(i));
      case FLOAT -> (v, i) -> Float.toString(((Float4Vector) v).get(i));
      case DOUBLE -> (v, i) -> Double.toString(((Float8Vector) v).get(i));
      case DATE -> (v, i) -> TemporalText.date(((DateDayVector) v).get(i));
      case TIME -> (v, i) -> TemporalText.time(((TimeMicroVector) v).get(i));
      case TIMESTAMP -> timestamp((Types.TimestampType) type);
      case STRING -> (v, i) -> new String(((VarCharVector) v).get(i), StandardCharsets.UTF_8);
      case BINARY -> (v, i) -> Base64.getEncoder().encodeToString(((VarBinaryVector) v).get(i));
      case FIXED ->
        (v, i) -> Base64.getEncoder().encodeToString(((FixedSizeBinaryVector) v).get(i));
      case UUID -> (v, i) -> uuid(((FixedSizeBinaryVector) v).get(i));
      case DECIMAL -> (v, i) -> ((DecimalVector) v).getObject(i).toPlainString();
      default ->
        throw new IllegalArgumentException("Mink cannot print values of Iceberg type " + type);
    };
  }

  private static ValueText timestamp(Types.TimestampType type) {
    if (type.shouldAdjustToUTC()) {
      return (v, i) -> TemporalText.timestamptz(((TimeStampVector) v).get(i));
    }
    return (v, i) -> TemporalText.timestamp(((TimeStampVector) v).get(i));
  }

  private static String uuid(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes);
    return new UUID(buffer.getLong(), buffer.getLong()).toString();
  }
}
