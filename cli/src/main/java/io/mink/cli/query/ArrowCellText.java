package io.mink.cli.query;

import java.math.BigDecimal;
import java.util.Base64;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The text of one value of an Arrow vector of a statement's result, the same in the table and CSV formats and in
 * the JSON strings of the types JSON has no form for: integers as Java prints them (unsigned ones without a sign),
 * floating point as Java prints it ({@code NaN}, {@code Infinity}), decimals with their scale and no exponent
 * ({@code 12.30}), binary in standard Base64 with padding, dates and times as {@link ArrowTemporalText} writes them,
 * intervals and durations in ISO-8601 ({@code P1M2D}, {@code PT1.5S}). Compiled once per field; the vector comes with
 * each call.
 */
@FunctionalInterface
interface ArrowCellText {
  /** The text of the value at {@code index}, which is not null. */
  String text(FieldVector vector, int index);

  /** Whether the type is a struct, list or map, which the text formats write as compact JSON. */
  static boolean nested(ArrowType type) {
    return switch (type.getTypeID()) {
      case Struct, List, LargeList, FixedSizeList, Map, ListView, LargeListView -> true;
      default -> false;
    };
  }

  /** The text of a present value of a field that is no struct, list or map. */
  static ArrowCellText scalar(Field field) {
    ArrowType type = field.getType();
    return switch (type.getTypeID()) {
      case Bool -> (v, i) -> ((BitVector) v).get(i) != 0 ? "true" : "false";
      case Int -> integer((ArrowType.Int) type);
      case FloatingPoint -> floatingPoint((ArrowType.FloatingPoint) type);
      case Decimal -> (v, i) -> ((BigDecimal) v.getObject(i)).toPlainString();
      case Utf8, LargeUtf8, Utf8View -> (v, i) -> v.getObject(i).toString();
      case Binary, LargeBinary, FixedSizeBinary, BinaryView ->
        (v, i) -> Base64.getEncoder().encodeToString((byte[]) v.getObject(i));
      case Date -> {
        ArrowType.Date date = (ArrowType.Date) type;
        yield (v, i) -> ArrowTemporalText.date(date.getUnit(), dateValue(v, i));
      }
      case Time -> {
        ArrowType.Time time = (ArrowType.Time) type;
        yield (v, i) -> ArrowTemporalText.time(time, timeValue(v, i));
      }
      case Timestamp -> {
        ArrowType.Timestamp timestamp = (ArrowType.Timestamp) type;
        yield (v, i) -> ArrowTemporalText.timestamp(timestamp, ((TimeStampVector) v).get(i));
      }
      default -> (v, i) -> String.valueOf(v.getObject(i));
    };
  }

  private static ArrowCellText integer(ArrowType.Int type) {
    if (!type.getIsSigned() && type.getBitWidth() == 64) {
      return (v, i) -> Long.toUnsignedString(((BaseIntVector) v).getValueAsLong(i));
    }
    return (v, i) -> Long.toString(integerValue(type, v, i));
  }

  /** An integer of up to 64 bits with a sign, or of up to 32 bits without one, as a long. */
  static long integerValue(ArrowType.Int type, FieldVector vector, int index) {
    long value = ((BaseIntVector) vector).getValueAsLong(index);
    if (type.getIsSigned() || type.getBitWidth() == 64) {
      return value;
    }
    return value & ((1L << type.getBitWidth()) - 1);
  }

  private static ArrowCellText floatingPoint(ArrowType.FloatingPoint type) {
    if (type.getPrecision() == FloatingPointPrecision.DOUBLE) {
      return (v, i) -> Double.toString(((FloatingPointVector) v).getValueAsDouble(i));
    }
    return (v, i) -> Float.toString((float) ((FloatingPointVector) v).getValueAsDouble(i));
  }

  private static long dateValue(FieldVector vector, int index) {
    return vector instanceof DateDayVector days
        ? days.get(index)
        : ((DateMilliVector) vector).get(index);
  }

  private static long timeValue(FieldVector vector, int index) {
    if (vector instanceof TimeSecVector seconds) {
      return seconds.get(index);
    }
    if (vector instanceof TimeMilliVector millis) {
      return millis.get(index);
    }
    if (vector instanceof TimeMicroVector micros) {
      return micros.get(index);
    }
    return ((TimeNanoVector) vector).get(index);
  }
}
