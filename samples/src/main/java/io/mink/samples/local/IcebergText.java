package io.mink.samples.local;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** Iceberg types and values as short text for people: {@code list<struct<sku: string, quantity: int>>}. */
public final class IcebergText {
  private IcebergText() {}

  public static String type(Type type) {
    if (type.isPrimitiveType()) {
      return type.toString();
    }
    if (type instanceof Types.StructType struct) {
      return "struct<"
          + struct.fields().stream()
              .map(field -> field.name() + ": " + type(field.type()))
              .collect(Collectors.joining(", "))
          + ">";
    }
    if (type instanceof Types.ListType list) {
      return "list<" + type(list.elementType()) + ">";
    }
    Types.MapType map = (Types.MapType) type;
    return "map<" + type(map.keyType()) + ", " + type(map.valueType()) + ">";
  }

  public static String value(Object value) {
    if (value instanceof Record record) {
      return "{"
          + record.struct().fields().stream()
              .map(field -> field.name() + ": " + value(record.getField(field.name())))
              .collect(Collectors.joining(", "))
          + "}";
    }
    if (value instanceof List<?> list) {
      return list.stream().map(IcebergText::value).collect(Collectors.joining(", ", "[", "]"));
    }
    if (value instanceof Map<?, ?> map) {
      return map.entrySet().stream()
          .map(entry -> value(entry.getKey()) + ": " + value(entry.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
    }
    if (value instanceof ByteBuffer bytes) {
      return bytesAsText(bytes);
    }
    return String.valueOf(value);
  }

  /** Bytes as UTF-8 text when they are printable, else as their length; at most 90 characters. */
  public static String bytesAsText(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (!text.chars().allMatch(c -> c >= 0x20 && c != 0xFFFD)) {
      return "<" + bytes.length + " bytes>";
    }
    return text.length() > 90 ? text.substring(0, 87) + "..." : text;
  }
}
