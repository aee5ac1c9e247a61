package io.mink.indexer.interop;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Values as {@link io.mink.testkit.SparkReader} hands them back, made from the values a producer wrote: integers
 * as Long, floats as the Double of their shortest text, decimals as plain strings, binary as base64, timestamps as
 * ISO-8601 with six fraction digits. A column holding JSON text is expected as the parsed {@link JsonNode}, and
 * {@link #parsedLike} parses the text Spark returns wherever the expected value has one.
 */
final class SparkValues {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final DateTimeFormatter MICROS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS");

  private SparkValues() {}

  static Object asIs(Object value) {
    return value;
  }

  static Long integer(Number value) {
    return value.longValue();
  }

  static Double floating(float value) {
    return Double.valueOf(Float.toString(value));
  }

  static String decimal(BigDecimal value) {
    return value.toPlainString();
  }

  static String base64(byte[] value) {
    return Base64.getEncoder().encodeToString(value);
  }

  static String timestamptz(Instant value) {
    return MICROS.format(value.atOffset(ZoneOffset.UTC)) + "Z";
  }

  static String timestamp(LocalDateTime value) {
    return MICROS.format(value);
  }

  /** A Java value (maps, lists, strings, numbers, booleans, null) as the JSON tree of its text. */
  static JsonNode json(Object value) {
    try {
      return jsonText(JSON.writeValueAsString(value));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Cannot write " + value + " as JSON", e);
    }
  }

  static JsonNode jsonText(String text) {
    try {
      return JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("Not JSON: " + text, e);
    }
  }

  /**
   * {@code actual} with each string parsed as JSON where {@code expected} holds a JSON tree at the same place; a
   * string that is not JSON stays as it is, and so differs from the tree.
   */
  static Object parsedLike(Object expected, Object actual) {
    if (expected instanceof JsonNode && actual instanceof String text) {
      try {
        return JSON.readTree(text);
      } catch (JsonProcessingException e) {
        return text;
      }
    }
    if (expected instanceof Map<?, ?> expectedMap && actual instanceof Map<?, ?> actualMap) {
      Map<Object, Object> parsed = new LinkedHashMap<>();
      actualMap.forEach((key, value) -> parsed.put(key, parsedLike(expectedMap.get(key), value)));
      return parsed;
    }
    if (expected instanceof List<?> expectedList
        && actual instanceof List<?> actualList
        && expectedList.size() == actualList.size()) {
      return IntStream.range(0, actualList.size())
          .mapToObj(i -> parsedLike(expectedList.get(i), actualList.get(i)))
          .toList();
    }
    return actual;
  }
}
