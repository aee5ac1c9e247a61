package io.mink.indexer.interop;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Compares what Mink wrote with what a golden file expects, guided by the column's Iceberg type, and
 * collects every difference with its path (such as {@code lines[1].price}) rather than stopping at
 * the first. The golden file writes values as JSON: timestamptz as an RFC 3339 instant, date as
 * yyyy-mm-dd, decimal as its plain text with the scale's digits, binary and fixed as base64, uuid
 * as text, struct and map as objects, list as an array.
 */
final class ConfluentJsColumns {
  private final List<String> differences = new ArrayList<>();

  List<String> differences() {
    return List.copyOf(differences);
  }

  /** Compares every field of a struct, and reports expected fields the struct does not have. */
  void compareStruct(String path, Types.StructType struct, JsonNode expected, StructLike actual) {
    if (!expected.isObject()) {
      differ(path, "struct", expected, actual);
      return;
    }
    List<Types.NestedField> fields = struct.fields();
    for (int i = 0; i < fields.size(); i++) {
      Types.NestedField field = fields.get(i);
      Object value = actual instanceof Record record
          ? record.getField(field.name())
          : actual.get(i, Object.class);
      String fieldPath = path.isEmpty() ? field.name() : path + "." + field.name();
      if (!expected.has(field.name())) {
        differences.add(fieldPath + ": the table has this " + field.type()
            + " column, the golden record does not" + " say what it holds (got " + describe(value)
            + ")");
        continue;
      }
      compare(fieldPath, field.type(), expected.get(field.name()), value);
    }
    Iterator<String> names = expected.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      if (struct.field(name) == null) {
        differences.add((path.isEmpty() ? name : path + "." + name) + ": expected "
            + expected.get(name) + ", but there is no such column");
      }
    }
  }

  void compare(String path, Type type, JsonNode expected, Object actual) {
    if (expected == null || expected.isNull()) {
      if (actual != null) {
        differ(path, type.toString(), expected, actual);
      }
      return;
    }
    if (actual == null) {
      differ(path, type.toString(), expected, null);
      return;
    }
    boolean same = switch (type.typeId()) {
      case BOOLEAN -> expected.isBoolean() && actual.equals(expected.booleanValue());
      case INTEGER ->
        expected.isIntegralNumber()
            && expected.canConvertToInt()
            && actual.equals(expected.intValue());
      case LONG ->
        expected.isIntegralNumber()
            && expected.canConvertToLong()
            && actual.equals(expected.longValue());
      case FLOAT -> expected.isNumber() && actual.equals((float) expected.doubleValue());
      case DOUBLE -> expected.isNumber() && actual.equals(expected.doubleValue());
      case STRING -> expected.isTextual() && actual.toString().equals(expected.textValue());
      case BINARY, FIXED ->
        expected.isTextual()
            && Arrays.equals(bytes(actual), Base64.getDecoder().decode(expected.textValue()));
      case DECIMAL ->
        expected.isTextual()
            && actual instanceof BigDecimal decimal
            && decimal.toPlainString().equals(expected.textValue());
      case DATE -> expected.isTextual() && actual.equals(LocalDate.parse(expected.textValue()));
      case TIME -> expected.isTextual() && actual.equals(LocalTime.parse(expected.textValue()));
      case TIMESTAMP ->
        expected.isTextual()
            && sameTimestamp((Types.TimestampType) type, expected.textValue(), actual);
      case UUID -> expected.isTextual() && actual.equals(UUID.fromString(expected.textValue()));
      case STRUCT -> {
        compareStruct(path, type.asStructType(), expected, (StructLike) actual);
        yield true;
      }
      case LIST -> {
        compareList(path, type.asListType(), expected, (List<?>) actual);
        yield true;
      }
      case MAP -> {
        compareMap(path, type.asMapType(), expected, (Map<?, ?>) actual);
        yield true;
      }
      default -> false;
    };
    if (!same) {
      differ(path, type.toString(), expected, actual);
    }
  }

  /** Checks a column's Iceberg type by a dotted path, with element, key and value inside lists and maps. */
  void compareType(Types.StructType table, String path, String expectedType) {
    Type type = table;
    for (String name : path.split("\\.")) {
      Types.NestedField field = type.isNestedType()
          ? type.asNestedType().fields().stream()
              .filter(candidate -> candidate.name().equals(name))
              .findFirst()
              .orElse(null)
          : null;
      if (field == null) {
        differences.add(path + ": expected a column of type " + expectedType
            + ", but there is none; the table is " + table);
        return;
      }
      type = field.type();
    }
    String actual = type.isPrimitiveType()
        ? type.toString()
        : type.typeId().name().toLowerCase(java.util.Locale.ROOT);
    if (!actual.equals(expectedType)) {
      differences.add(path + ": expected type " + expectedType + ", got " + type);
    }
  }

  private void compareList(String path, Types.ListType type, JsonNode expected, List<?> actual) {
    if (!expected.isArray() || expected.size() != actual.size()) {
      differ(path, type.toString(), expected, actual);
      return;
    }
    for (int i = 0; i < actual.size(); i++) {
      compare(path + "[" + i + "]", type.elementType(), expected.get(i), actual.get(i));
    }
  }

  private void compareMap(String path, Types.MapType type, JsonNode expected, Map<?, ?> actual) {
    if (!expected.isObject() || expected.size() != actual.size()) {
      differ(path, type.toString(), expected, actual);
      return;
    }
    for (Map.Entry<?, ?> entry : actual.entrySet()) {
      String key = Objects.toString(entry.getKey());
      if (!expected.has(key)) {
        differ(path + "{" + key + "}", type.valueType().toString(), null, entry.getValue());
      } else {
        compare(path + "{" + key + "}", type.valueType(), expected.get(key), entry.getValue());
      }
    }
  }

  private static boolean sameTimestamp(Types.TimestampType type, String expected, Object actual) {
    if (type.shouldAdjustToUTC()) {
      return actual instanceof OffsetDateTime time
          && time.toInstant().equals(Instant.parse(expected));
    }
    return actual.equals(LocalDateTime.parse(expected));
  }

  private static byte[] bytes(Object value) {
    if (value instanceof ByteBuffer buffer) {
      ByteBuffer copy = buffer.duplicate();
      byte[] bytes = new byte[copy.remaining()];
      copy.get(bytes);
      return bytes;
    }
    return value instanceof byte[] bytes ? bytes : null;
  }

  private void differ(String path, String type, JsonNode expected, Object actual) {
    differences.add(path + " (" + type + "): expected " + expected + ", got " + describe(actual));
  }

  private static String describe(Object value) {
    if (value == null) {
      return "null";
    }
    byte[] bytes = bytes(value);
    String text =
        bytes != null ? "base64 " + Base64.getEncoder().encodeToString(bytes) : value.toString();
    return text + " (" + value.getClass().getSimpleName() + ")";
  }
}
