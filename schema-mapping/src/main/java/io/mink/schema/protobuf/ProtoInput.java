package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A cursor over one Protobuf payload. Every read checks what it claims against the bytes that
 * remain in the enclosing message, so no length, count or varint can make it read or allocate past
 * the payload. It also keeps the payload's budget of decoded values (see {@link #charge}).
 */
final class ProtoInput {
  static final int VARINT = 0;
  static final int I64 = 1;
  static final int LEN = 2;
  static final int START_GROUP = 3;
  static final int END_GROUP = 4;
  static final int I32 = 5;

  /** How deep messages and groups may nest, as protobuf-java's default recursion limit. */
  static final int MAX_DEPTH = 100;

  private static final long FIXED_VALUE_BUDGET = 65_536;
  private static final long VALUES_PER_PAYLOAD_BYTE = 32;

  private final byte[] buffer;
  private final int start;
  private final int payloadLength;
  private final long valueBudget;
  private long valuesLeft;
  private int position;
  private int limit;

  ProtoInput(byte[] buffer, int offset, int length) {
    this.buffer = buffer;
    this.start = offset;
    this.payloadLength = length;
    this.position = offset;
    this.limit = offset + length;
    this.valueBudget = FIXED_VALUE_BUDGET + VALUES_PER_PAYLOAD_BYTE * length;
    this.valuesLeft = valueBudget;
  }

  boolean hasRemaining() {
    return position < limit;
  }

  /** The absolute position in the buffer, for {@link #reposition}. */
  int position() {
    return position;
  }

  int limit() {
    return limit;
  }

  /** Moves the cursor to a range read before, such as an Any's value seen before its type URL. */
  void reposition(int newPosition, int newLimit) {
    position = newPosition;
    limit = newLimit;
  }

  /** Narrows the cursor to the next {@code length} bytes; returns the limit to restore. */
  int enter(int length) {
    int outerLimit = limit;
    limit = position + length;
    return outerLimit;
  }

  /** Leaves a range entered with {@link #enter}, wherever the cursor is inside it. */
  void exit(int outerLimit) {
    position = limit;
    limit = outerLimit;
  }

  /**
   * Accounts for {@code values} slots about to be allocated for a nested message. A payload may
   * decode into {@value #FIXED_VALUE_BUDGET} slots plus {@value #VALUES_PER_PAYLOAD_BYTE} per
   * byte, so a flood of empty elements of a wide message cannot exhaust memory.
   */
  void charge(int values) throws UndecodableException {
    valuesLeft -= values;
    if (valuesLeft < 0) {
      throw new UndecodableException(String.format(
          "Protobuf payload of %d bytes decodes into more than %d values (many empty elements of wide messages) at byte %d",
          payloadLength, valueBudget, offset()));
    }
  }

  int readTag() throws UndecodableException {
    int at = offset();
    long tag = readVarint("a field tag");
    if (tag < 0 || tag > 0xFFFF_FFFFL) {
      throw new UndecodableException("Malformed Protobuf payload: field tag "
          + Long.toUnsignedString(tag) + " at byte " + at + " exceeds 32 bits");
    }
    int number = (int) (tag >>> 3);
    int wireType = (int) (tag & 7);
    if (number == 0) {
      throw new UndecodableException("Malformed Protobuf payload: field number 0 at byte " + at);
    }
    if (wireType > I32) {
      throw new UndecodableException(
          "Malformed Protobuf payload: field " + number + " has wire type " + wireType + " at byte "
              + at + ", which no Protobuf writer produces");
    }
    return (int) tag;
  }

  long readVarint(String field) throws UndecodableException {
    int p = position;
    if (limit - p >= 10) {
      long result = 0;
      for (int shift = 0; shift < 70; shift += 7) {
        byte b = buffer[p++];
        result |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          position = p;
          return result;
        }
      }
      throw new UndecodableException("Malformed Protobuf payload: " + field
          + " has a varint longer than 10 bytes at byte " + offset());
    }
    return readVarintNearEnd(field);
  }

  private long readVarintNearEnd(String field) throws UndecodableException {
    long result = 0;
    int p = position;
    for (int shift = 0; shift < 70; shift += 7) {
      if (p >= limit) {
        throw new UndecodableException("Truncated Protobuf payload: " + field
            + " has a varint running past the end at byte " + offset());
      }
      byte b = buffer[p++];
      result |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        position = p;
        return result;
      }
    }
    throw new UndecodableException("Malformed Protobuf payload: " + field
        + " has a varint longer than 10 bytes at byte " + offset());
  }

  int readFixed32(String field) throws UndecodableException {
    require(4, field);
    byte[] b = buffer;
    int p = position;
    position = p + 4;
    return (b[p] & 0xFF)
        | (b[p + 1] & 0xFF) << 8
        | (b[p + 2] & 0xFF) << 16
        | (b[p + 3] & 0xFF) << 24;
  }

  long readFixed64(String field) throws UndecodableException {
    require(8, field);
    byte[] b = buffer;
    int p = position;
    position = p + 8;
    return (b[p] & 0xFFL)
        | (b[p + 1] & 0xFFL) << 8
        | (b[p + 2] & 0xFFL) << 16
        | (b[p + 3] & 0xFFL) << 24
        | (b[p + 4] & 0xFFL) << 32
        | (b[p + 5] & 0xFFL) << 40
        | (b[p + 6] & 0xFFL) << 48
        | (b[p + 7] & 0xFFL) << 56;
  }

  /** Reads a length prefix and checks that many bytes remain. */
  int readLength(String field) throws UndecodableException {
    long length = readVarint(field);
    int remaining = limit - position;
    if (length < 0 || length > remaining) {
      throw new UndecodableException(
          "Truncated Protobuf payload: " + field + " claims " + Long.toUnsignedString(length)
              + " bytes at byte " + offset() + ", " + remaining + " remain");
    }
    return (int) length;
  }

  String readString(String field) throws UndecodableException {
    int length = readLength(field);
    String value = new String(buffer, position, length, StandardCharsets.UTF_8);
    position += length;
    return value;
  }

  ByteBuffer readBytes(String field) throws UndecodableException {
    int length = readLength(field);
    byte[] value = Arrays.copyOfRange(buffer, position, position + length);
    position += length;
    return ByteBuffer.wrap(value);
  }

  /** The raw bytes of a length-delimited value, copied. */
  byte[] readByteArray(String field) throws UndecodableException {
    int length = readLength(field);
    byte[] value = Arrays.copyOfRange(buffer, position, position + length);
    position += length;
    return value;
  }

  /** The array the payload is in, for a reader that takes bytes without copying them. */
  byte[] buffer() {
    return buffer;
  }

  /** Moves past {@code count} bytes that {@link #readLength} has checked remain. */
  void advance(int count) {
    position += count;
  }

  /** A copy of bytes read before, such as an Any's value. */
  byte[] copy(int from, int length) {
    return Arrays.copyOfRange(buffer, from, from + length);
  }

  /** Skips the value of a field the decoder does not know, or whose wire type is not the schema's. */
  void skipField(int tag, int depth) throws UndecodableException {
    int number = tag >>> 3;
    switch (tag & 7) {
      case VARINT -> readVarint(unknownField(number));
      case I64 -> skip(8, number);
      case LEN -> {
        int length = readLength(unknownField(number));
        position += length;
      }
      case START_GROUP -> skipGroup(number, depth + 1);
      case END_GROUP ->
        throw new UndecodableException("Malformed Protobuf payload: end-group of field " + number
            + " at byte " + offset() + " without a matching start-group");
      default -> skip(4, number);
    }
  }

  private void skipGroup(int number, int depth) throws UndecodableException {
    checkDepth(depth);
    while (true) {
      if (!hasRemaining()) {
        throw new UndecodableException("Truncated Protobuf payload: group field " + number
            + " has no end-group before byte " + offset());
      }
      int tag = readTag();
      if ((tag & 7) == END_GROUP) {
        if (tag >>> 3 != number) {
          throw new UndecodableException("Malformed Protobuf payload: group field " + number
              + " ends with the end-group of field " + (tag >>> 3) + " at byte " + offset());
        }
        return;
      }
      skipField(tag, depth);
    }
  }

  void checkDepth(int depth) throws UndecodableException {
    if (depth > MAX_DEPTH) {
      throw new UndecodableException("Protobuf payload nests messages deeper than " + MAX_DEPTH
          + " levels at byte " + offset());
    }
  }

  private void skip(int count, int number) throws UndecodableException {
    require(count, unknownField(number));
    position += count;
  }

  private void require(int count, String field) throws UndecodableException {
    int remaining = limit - position;
    if (remaining < count) {
      throw new UndecodableException("Truncated Protobuf payload: " + field + " needs " + count
          + " bytes at byte " + offset() + ", " + remaining + " remain");
    }
  }

  /** The cursor's position counted from the payload's first byte. */
  int offset() {
    return position - start;
  }

  private static String unknownField(int number) {
    return "field " + number + " (not in the schema)";
  }
}
