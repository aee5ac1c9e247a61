package io.mink.schema.avro;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Appends JSON text: quoted, escaped strings and base64 byte strings. */
final class JsonText {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private JsonText() {}

  static void appendQuoted(StringBuilder out, String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
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
            out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xf]);
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  static String quoted(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2);
    appendQuoted(out, text);
    return out.toString();
  }

  /** Bytes as a quoted standard base64 string, with padding. */
  static void appendBase64(StringBuilder out, byte[] buffer, int start, int length) {
    byte[] encoded = Base64.getEncoder().encode(ByteBuffer.wrap(buffer, start, length)).array();
    out.append('"').append(new String(encoded, StandardCharsets.ISO_8859_1)).append('"');
  }
}
