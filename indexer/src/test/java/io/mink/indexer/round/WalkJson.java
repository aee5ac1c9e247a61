package io.mink.indexer.round;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Values in the JSON-ish form {@link io.mink.testkit.SparkReader} answers, so Iceberg's generic rows,
 * Spark's rows and the model's expected rows compare with {@code equals}: records and maps as maps by
 * name, lists as lists, integers as Long, floating point as Double (floats widened exactly), decimals
 * as plain strings, binary as base64, timestamptz as ISO-8601 with six fraction digits and Z.
 */
final class WalkJson {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS'Z'");

  private WalkJson() {}

  static Object normalize(Object value) {
    if (value == null
        || value instanceof String
        || value instanceof Boolean
        || value instanceof Double) {
      return value;
    }
    if (value instanceof Record record) {
      Map<String, Object> map = new LinkedHashMap<>();
      List<Types.NestedField> fields = record.struct().fields();
      for (int i = 0; i < fields.size(); i++) {
        map.put(fields.get(i).name(), normalize(record.get(i)));
      }
      return map;
    }
    if (value instanceof List<?> list) {
      List<Object> normalized = new ArrayList<>(list.size());
      list.forEach(element -> normalized.add(normalize(element)));
      return normalized;
    }
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> normalized = new LinkedHashMap<>();
      map.forEach((key, entry) -> normalized.put(String.valueOf(key), normalize(entry)));
      return normalized;
    }
    if (value instanceof Integer
        || value instanceof Long
        || value instanceof Short
        || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float f) {
      return f.doubleValue();
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    if (value instanceof ByteBuffer buffer) {
      ByteBuffer copy = buffer.duplicate();
      byte[] bytes = new byte[copy.remaining()];
      copy.get(bytes);
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof byte[] bytes) {
      return Base64.getEncoder().encodeToString(bytes);
    }
    if (value instanceof OffsetDateTime timestamp) {
      return TIMESTAMP.format(timestamp.withOffsetSameInstant(ZoneOffset.UTC));
    }
    if (value instanceof CharSequence text) {
      return text.toString();
    }
    throw new IllegalArgumentException(
        "No JSON form for " + value.getClass().getName() + ": " + value);
  }

  /** A row keyed by field id at every depth (list elements and map values by position and key), values normalized. */
  static Map<Integer, Object> byFieldId(Record row) {
    return byFieldId(row, row.struct());
  }

  /** A record's fields by id, told apart from a map column's entries. */
  private static final class Fields extends LinkedHashMap<Integer, Object> {}

  private static Map<Integer, Object> byFieldId(Record row, Types.StructType struct) {
    Map<Integer, Object> byId = new Fields();
    List<Types.NestedField> fields = struct.fields();
    for (int i = 0; i < fields.size(); i++) {
      byId.put(fields.get(i).fieldId(), byFieldId(row.get(i), fields.get(i).type()));
    }
    return byId;
  }

  private static Object byFieldId(Object value, Type type) {
    if (value == null) {
      return null;
    }
    if (type.isStructType()) {
      return byFieldId((Record) value, type.asStructType());
    }
    if (type.isListType()) {
      List<Object> elements = new ArrayList<>();
      ((List<?>) value)
          .forEach(element -> elements.add(byFieldId(element, type.asListType().elementType())));
      return elements;
    }
    if (type.isMapType()) {
      Map<String, Object> entries = new LinkedHashMap<>();
      ((Map<?, ?>) value)
          .forEach((key, entry) ->
              entries.put(String.valueOf(key), byFieldId(entry, type.asMapType().valueType())));
      return entries;
    }
    return normalize(value);
  }

  /**
   * Where a row read earlier differs from the same row read now, both by field id: every field id
   * of the earlier read holds the same value now, and ids new since are null. Null when stable.
   */
  static String instability(Object before, Object now, String where) {
    if (before instanceof Fields beforeMap && now instanceof Fields nowMap) {
      for (Map.Entry<?, ?> entry : beforeMap.entrySet()) {
        if (!nowMap.containsKey(entry.getKey())) {
          return where + "/" + entry.getKey() + ": field id gone, it held " + entry.getValue();
        }
        String problem =
            instability(entry.getValue(), nowMap.get(entry.getKey()), where + "/" + entry.getKey());
        if (problem != null) {
          return problem;
        }
      }
      for (Map.Entry<?, ?> entry : nowMap.entrySet()) {
        if (!beforeMap.containsKey(entry.getKey()) && entry.getValue() != null) {
          return where + "/" + entry.getKey() + ": new field id holds " + entry.getValue()
              + " in an old row";
        }
      }
      return null;
    }
    if (before instanceof List<?> beforeList
        && now instanceof List<?> nowList
        && beforeList.size() == nowList.size()) {
      for (int i = 0; i < beforeList.size(); i++) {
        String problem = instability(beforeList.get(i), nowList.get(i), where + "[" + i + "]");
        if (problem != null) {
          return problem;
        }
      }
      return null;
    }
    if (before instanceof Map<?, ?> beforeMap
        && !(before instanceof Fields)
        && now instanceof Map<?, ?> nowMap
        && !(now instanceof Fields)
        && beforeMap.keySet().equals(nowMap.keySet())) {
      for (Map.Entry<?, ?> entry : beforeMap.entrySet()) {
        String problem = instability(
            entry.getValue(), nowMap.get(entry.getKey()), where + "{" + entry.getKey() + "}");
        if (problem != null) {
          return problem;
        }
      }
      return null;
    }
    return Objects.equals(before, now) ? null : where + ": was " + before + ", now " + now;
  }

  /** The first place where two normalized values differ, for failure messages. */
  static String firstDifference(Object expected, Object actual, String where) {
    if (expected instanceof Map<?, ?> expectedMap && actual instanceof Map<?, ?> actualMap) {
      if (!expectedMap.keySet().equals(actualMap.keySet())) {
        return where + " has keys " + actualMap.keySet() + ", expected " + expectedMap.keySet();
      }
      for (Map.Entry<?, ?> entry : expectedMap.entrySet()) {
        String difference = firstDifference(
            entry.getValue(), actualMap.get(entry.getKey()), where + "." + entry.getKey());
        if (difference != null) {
          return difference;
        }
      }
      return null;
    }
    if (expected instanceof List<?> expectedList
        && actual instanceof List<?> actualList
        && expectedList.size() == actualList.size()) {
      for (int i = 0; i < expectedList.size(); i++) {
        String difference =
            firstDifference(expectedList.get(i), actualList.get(i), where + "[" + i + "]");
        if (difference != null) {
          return difference;
        }
      }
      return null;
    }
    return Objects.equals(expected, actual)
        ? null
        : where + " is " + describe(actual) + ", expected " + describe(expected);
  }

  private static String describe(Object value) {
    return value == null ? "null" : value + " (" + value.getClass().getSimpleName() + ")";
  }
}
