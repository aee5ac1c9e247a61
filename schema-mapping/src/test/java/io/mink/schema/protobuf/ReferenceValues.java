package io.mink.schema.protobuf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.Timestamp;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Checks a decoded record against protobuf-java's own reading of the same message: every column
 * holds what protobuf-java shows for its field, and every JSON column holds valid JSON.
 */
final class ReferenceValues {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> WRAPPERS = Set.of(
      "DoubleValue",
      "FloatValue",
      "Int64Value",
      "UInt64Value",
      "Int32Value",
      "UInt32Value",
      "BoolValue",
      "StringValue",
      "BytesValue");

  private ReferenceValues() {}

  static void assertDecodedAs(Object decoded, Message reference) {
    assertRecord(
        (GenericRecord) decoded, reference, reference.getDescriptorForType().getFullName());
  }

  private static void assertRecord(GenericRecord decoded, Message reference, String path) {
    List<Types.NestedField> columns = decoded.struct().fields();
    for (int position = 0; position < columns.size(); position++) {
      Types.NestedField column = columns.get(position);
      FieldDescriptor field = reference.getDescriptorForType().findFieldByName(column.name());
      Object actual = decoded.get(position);
      String at = path + "." + column.name();
      if (!field.isRepeated() && field.hasPresence() && !reference.hasField(field)) {
        check(actual, null, at);
      } else {
        assertValue(actual, field, reference.getField(field), column.type(), at);
      }
    }
  }

  private static void assertValue(
      Object actual, FieldDescriptor field, Object expected, Type type, String at) {
    if (field.isMapField()) {
      Map<?, ?> map = (Map<?, ?>) actual;
      FieldDescriptor keyField = field.getMessageType().findFieldByNumber(1);
      FieldDescriptor valueField = field.getMessageType().findFieldByNumber(2);
      Map<Object, Object> lastValueByKey = new LinkedHashMap<>();
      for (Object entry : (List<?>) expected) {
        Message message = (Message) entry;
        lastValueByKey.put(
            scalar(keyField, message.getField(keyField)), message.getField(valueField));
      }
      check(map.keySet(), lastValueByKey.keySet(), at);
      lastValueByKey.forEach((key, value) -> assertSingle(
          map.get(key), valueField, value, type.asMapType().valueType(), at + "[" + key + "]"));
    } else if (field.isRepeated()) {
      List<?> list = (List<?>) actual;
      List<?> elements = (List<?>) expected;
      check(list.size(), elements.size(), at + ".size()");
      for (int i = 0; i < elements.size(); i++) {
        assertSingle(
            list.get(i),
            field,
            elements.get(i),
            type.asListType().elementType(),
            at + "[" + i + "]");
      }
    } else {
      assertSingle(actual, field, expected, type, at);
    }
  }

  private static void assertSingle(
      Object actual, FieldDescriptor field, Object expected, Type type, String at) {
    if (field.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
      check(actual, scalar(field, expected), at);
      return;
    }
    Message message = (Message) expected;
    String name = message.getDescriptorForType().getFullName();
    if (name.equals("google.protobuf.Timestamp")) {
      Timestamp timestamp = (Timestamp) message;
      check(
          actual,
          Instant.ofEpochSecond(timestamp.getSeconds(), timestamp.getNanos() / 1000 * 1000L)
              .atOffset(ZoneOffset.UTC),
          at);
    } else if (name.startsWith("google.protobuf.")
        && WRAPPERS.contains(message.getDescriptorForType().getName())) {
      FieldDescriptor wrapped = message.getDescriptorForType().findFieldByNumber(1);
      check(actual, scalar(wrapped, message.getField(wrapped)), at);
    } else if (type.isStructType()) {
      assertRecord((GenericRecord) actual, message, at);
    } else {
      try {
        JSON.readTree((String) actual);
      } catch (JsonProcessingException | ClassCastException e) {
        throw new AssertionError(at + " holds no valid JSON: " + actual, e);
      }
    }
  }

  private static void check(Object actual, Object expected, String at) {
    if (!Objects.equals(actual, expected)) {
      throw new AssertionError(at + ": expected <" + expected + "> but was <" + actual + ">");
    }
  }

  private static Object scalar(FieldDescriptor field, Object value) {
    return switch (field.getType()) {
      case UINT32, FIXED32 -> Integer.toUnsignedLong((Integer) value);
      case UINT64, FIXED64 -> new BigDecimal(new BigInteger(Long.toUnsignedString((Long) value)));
      case BYTES -> ByteBuffer.wrap(((ByteString) value).toByteArray());
      case ENUM -> {
        EnumValueDescriptor enumValue = (EnumValueDescriptor) value;
        yield enumValue.getIndex() < 0
            ? Integer.toString(enumValue.getNumber())
            : enumValue.getName();
      }
      default -> value;
    };
  }
}
