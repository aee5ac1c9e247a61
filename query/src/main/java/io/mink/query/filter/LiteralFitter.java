package io.mink.query.filter;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Locale;
import org.apache.iceberg.expressions.Literal;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Fits a value of the {@code --where} language ({@code Long}, {@code BigDecimal}, {@code String} or {@code Boolean};
 * SQL's pushed predicates also give a {@code ByteBuffer} for a binary column)
 * to the type of the column it is compared with, as the value Iceberg binds to that type without loss: whole numbers
 * for int and long, doubles for float and double, decimals with the column's scale, and strings that Iceberg's own
 * conversion reads as a date, time, timestamp or UUID. Anything else is the user's mistake, told with what to write.
 */
final class LiteralFitter {
  private LiteralFitter() {}

  static Object fit(String column, Type type, Object value) {
    return switch (type.typeId()) {
      case BOOLEAN -> require(value instanceof Boolean, column, type, value, "write TRUE or FALSE");
      case INTEGER, LONG -> wholeNumber(column, type, value);
      case FLOAT, DOUBLE ->
        value instanceof BigDecimal decimal
            ? Double.valueOf(decimal.doubleValue())
            : require(value instanceof Long, column, type, value, "write a number without quotes");
      case DECIMAL -> decimal(column, (Types.DecimalType) type, value);
      case STRING ->
        require(value instanceof String, column, type, value, "write the value in single quotes");
      case DATE, TIME, TIMESTAMP, TIMESTAMP_NANO, UUID -> parsed(column, type, value);
      case BINARY, FIXED ->
        require(
            value instanceof ByteBuffer,
            column,
            type,
            value,
            "binary columns can only be tested with IS NULL or IS NOT NULL");
      default ->
        throw mismatch(
            column,
            type,
            value,
            "a " + typeName(type) + " column can only be tested with IS NULL or IS NOT NULL");
    };
  }

  /** How a column's type reads in messages: {@code decimal(10, 2)}, {@code timestamptz}, {@code struct}. */
  private static String typeName(Type type) {
    return type.isPrimitiveType() ? type.toString() : type.typeId().name().toLowerCase(Locale.ROOT);
  }

  private static Object wholeNumber(String column, Type type, Object value) {
    if (value instanceof Long) {
      return value;
    }
    if (!(value instanceof BigDecimal decimal)) {
      throw mismatch(column, type, value, "write a whole number without quotes");
    }
    if (decimal.stripTrailingZeros().scale() > 0) {
      throw mismatch(column, type, value, "the column holds whole numbers");
    }
    try {
      return decimal.longValueExact();
    } catch (ArithmeticException beyondLong) {
      throw mismatch(column, type, value, "the number is outside the range of a long");
    }
  }

  private static Object decimal(String column, Types.DecimalType type, Object value) {
    if (value instanceof Long) {
      return value;
    }
    if (!(value instanceof BigDecimal decimal)) {
      throw mismatch(column, type, value, "write a number without quotes");
    }
    if (decimal.stripTrailingZeros().scale() > type.scale()) {
      throw mismatch(
          column,
          type,
          value,
          "the column has " + type.scale() + " digits after the decimal point");
    }
    return decimal.setScale(type.scale());
  }

  private static Object parsed(String column, Type type, Object value) {
    Literal<Object> converted = null;
    if (value instanceof String text) {
      try {
        converted = Literal.of(text).to(type);
      } catch (RuntimeException unreadable) {
        converted = null;
      }
    }
    if (converted == null) {
      throw mismatch(column, type, value, formatHint(type));
    }
    return value;
  }

  private static String formatHint(Type type) {
    return switch (type.typeId()) {
      case DATE -> "write a date as '2026-01-31'";
      case TIME -> "write a time as '13:45:00' or '13:45:00.123456'";
      case UUID -> "write a UUID as '123e4567-e89b-12d3-a456-426614174000'";
      default ->
        ((type instanceof Types.TimestampType ts && ts.shouldAdjustToUTC())
                || (type instanceof Types.TimestampNanoType ns && ns.shouldAdjustToUTC()))
            ? "write the time with an offset, as '2026-01-31T13:45:00Z' or '2026-01-31T13:45:00.5+01:00'"
            : "write the time without an offset, as '2026-01-31T13:45:00' or '2026-01-31T13:45:00.5'";
    };
  }

  private static Object require(boolean fits, String column, Type type, Object value, String hint) {
    if (!fits) {
      throw mismatch(column, type, value, hint);
    }
    return value;
  }

  private static IllegalArgumentException mismatch(
      String column, Type type, Object value, String hint) {
    return new IllegalArgumentException("Cannot compare column " + column + " (" + typeName(type)
        + ") with " + show(value) + " in --where: " + hint);
  }

  /** A value as the language writes it. */
  private static String show(Object value) {
    if (value instanceof String text) {
      return "'" + text.replace("'", "''") + "'";
    }
    if (value instanceof Boolean bool) {
      return bool ? "TRUE" : "FALSE";
    }
    return value.toString();
  }
}
