package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.util.UUID;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A string of format uuid to an Iceberg uuid: exactly 8-4-4-4-12 hex digits, either case, as RFC
 * 4122 writes them (unlike UUID.fromString, which also takes shorter groups).
 */
final class UuidDecoder extends ValueDecoder {
  private static final int LENGTH = 36;

  UuidDecoder(String subject) {
    super(subject);
  }

  @Override
  Type type() {
    return Types.UUIDType.get();
  }

  @Override
  String expected() {
    return "a UUID string";
  }

  @Override
  Object decode(JsonParser parser, JsonToken token) throws IOException, UndecodableException {
    if (token != JsonToken.VALUE_STRING) {
      throw wrongType(parser, token);
    }
    UUID value = parse(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
    if (value == null) {
      throw failure(parser, "is not a UUID of 8-4-4-4-12 hex digits");
    }
    return value;
  }

  static UUID parse(char[] text, int offset, int length) {
    if (length != LENGTH
        || text[offset + 8] != '-'
        || text[offset + 13] != '-'
        || text[offset + 18] != '-'
        || text[offset + 23] != '-') {
      return null;
    }
    long timeLow = hex(text, offset, 8);
    long timeMid = hex(text, offset + 9, 4);
    long timeHigh = hex(text, offset + 14, 4);
    long clock = hex(text, offset + 19, 4);
    long node = hex(text, offset + 24, 12);
    if (timeLow < 0 || timeMid < 0 || timeHigh < 0 || clock < 0 || node < 0) {
      return null;
    }
    return new UUID(timeLow << 32 | timeMid << 16 | timeHigh, clock << 48 | node);
  }

  private static long hex(char[] text, int offset, int count) {
    long value = 0;
    for (int i = offset; i < offset + count; i++) {
      int digit = Character.digit(text[i], 16);
      if (digit < 0 || text[i] > 'f') {
        return -1;
      }
      value = value << 4 | digit;
    }
    return value;
  }
}
