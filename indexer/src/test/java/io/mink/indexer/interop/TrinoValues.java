package io.mink.indexer.interop;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Values as {@link io.mink.testkit.TrinoReader} gives them, shaped as {@link io.mink.testkit.SparkReader} hands Spark's
 * back, so that the two engines' rows compare with equals. Only what the two transports force is converted: JSON
 * has no integer widths, no float, no decimal, no bytes and no time types, so integers become Long, floats the
 * Double of their shortest text, decimals plain strings, binary base64, timestamps ISO-8601 with six fraction digits
 * (a {@code Z} for timestamps with time zone, which Trino's driver gives as instants), dates ISO-8601 and UUIDs
 * their text; structs (Trino's rows) and maps are maps with string keys, arrays lists.
 */
final class TrinoValues {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");

  private TrinoValues() {}

  static Object sparkShaped(Object value) {
    if (value == null || value instanceof String || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float f) {
      return SparkValues.floating(f);
    }
    if (value instanceof Double d) {
      return d;
    }
    if (value instanceof BigDecimal decimal) {
      return SparkValues.decimal(decimal);
    }
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof Instant instant) {
      return SparkValues.timestamptz(instant);
    }
    if (value instanceof LocalDateTime local) {
      return SparkValues.timestamp(local);
    }
    if (value instanceof LocalDate date) {
      return date.toString();
    }
    if (value instanceof LocalTime time) {
      return TIME.format(time);
    }
    if (value instanceof UUID uuid) {
      return uuid.toString();
    }
    if (value instanceof List<?> list) {
      return list.stream().map(TrinoValues::sparkShaped).toList();
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> entries = new LinkedHashMap<>();
      map.forEach((key, entry) -> entries.put(
          key instanceof String text ? text : String.valueOf(sparkShaped(key)),
          sparkShaped(entry)));
      return entries;
    }
    throw new IllegalArgumentException(
        "Trino's driver gave a " + value.getClass().getName() + " (" + value
            + "), which has no Spark shape here yet: add one to TrinoValues");
  }
}
