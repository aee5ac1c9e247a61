package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.util.UUID;

/** Decoders of Avro's uuid logical type, on a string or (Avro 1.12) on a fixed of 16 bytes. */
final class UuidDecoders {
  private static final int LONGEST_QUOTED = 40;

  private UuidDecoders() {}

  /** Parses the canonical 8-4-4-4-12 hex form, the only one Avro's uuid allows. */
  static UUID parse(String text, String where, int at) throws UndecodableException {
    if (isCanonical(text)) {
      return UUID.fromString(text);
    }
    String quoted =
        text.length() > LONGEST_QUOTED ? text.substring(0, LONGEST_QUOTED) + "..." : text;
    throw new UndecodableException(
        "Invalid Avro uuid for " + where + " at byte " + at + ": '" + quoted + "' is not a UUID");
  }

  private static boolean isCanonical(String text) {
    if (text.length() != 36) {
      return false;
    }
    for (int i = 0; i < 36; i++) {
      char c = text.charAt(i);
      boolean dash = i == 8 || i == 13 || i == 18 || i == 23;
      if (dash ? c != '-' : Character.digit(c, 16) < 0 || c > 'f') {
        return false;
      }
    }
    return true;
  }

  static UUID fromBigEndian(byte[] buffer, int start) {
    return new UUID(bigEndianLong(buffer, start), bigEndianLong(buffer, start + 8));
  }

  private static long bigEndianLong(byte[] buffer, int start) {
    long value = 0;
    for (int i = 0; i < 8; i++) {
      value = value << 8 | (buffer[start + i] & 0xff);
    }
    return value;
  }

  record StringUuidDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int at = in.offset();
      return parse(in.readString(where), where, at);
    }
  }

  record FixedUuidDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return fromBigEndian(in.buffer(), in.take(16, where));
    }
  }
}
