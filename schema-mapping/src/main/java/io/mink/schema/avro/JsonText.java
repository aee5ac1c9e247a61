package io.mink.schema.avro;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Appends JSON text: quoted strings escaped by Jackson, and base64 byte strings. */
final class JsonText {
  private JsonText() {}

  static void appendQuoted(StringBuilder out, String text) {
    out.append('"');
    JsonStringEncoder.getInstance().quoteAsString(text, out);
    out.append('"');
  }

  static String quoted(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2);
    appendQuoted(out, text);
    return out.toString();
  }

  /** Bytes as a quoted standard base64 string, with padding. */
  static void appendBase64(StringBuilder out, byte[] buffer, int start, int length) {
    byte[] encoded =
        Base64.getEncoder().encode(ByteBuffer.wrap(buffer, start, length)).array();
    out.append('"').append(new String(encoded, StandardCharsets.ISO_8859_1)).append('"');
  }
}
