package io.mink.schema.protobuf;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Base64;
import org.apache.iceberg.util.ByteBuffers;

/** Writes JSON strings and the proto3 JSON forms of scalar values. */
final class JsonText {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private JsonText() {}

  static void appendString(StringBuilder out, String value) {
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** Appends a scalar read by {@code scalar} the way proto3 JSON writes it. */
  static void appendScalar(StringBuilder out, ScalarReader scalar, Object value) {
    switch (scalar) {
      case INT64, SINT64, SFIXED64 -> out.append('"').append((long) value).append('"');
      case UINT64, FIXED64 ->
        out.append('"').append(((BigDecimal) value).toPlainString()).append('"');
      case FLOAT -> appendFloatingPoint(out, (Float) value, value.toString());
      case DOUBLE -> appendFloatingPoint(out, (Double) value, value.toString());
      case STRING -> appendString(out, (String) value);
      case BYTES -> appendBase64(out, (ByteBuffer) value);
      default -> out.append(value);
    }
  }

  static void appendBase64(StringBuilder out, ByteBuffer bytes) {
    out.append('"')
        .append(Base64.getEncoder().encodeToString(ByteBuffers.toByteArray(bytes)))
        .append('"');
  }

  private static void appendFloatingPoint(StringBuilder out, double value, String text) {
    if (Double.isNaN(value)) {
      out.append("\"NaN\"");
    } else if (Double.isInfinite(value)) {
      out.append(value > 0 ? "\"Infinity\"" : "\"-Infinity\"");
    } else {
      out.append(text);
    }
  }
}
