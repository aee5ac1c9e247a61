package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads one Avro binary datum from a byte range: zigzag varints, little-endian floats, lengths and
 * block counts. Every length and count is checked against the bytes that remain before anything is
 * allocated. One cursor per {@code decode} call; {@code where} arguments name the value being read
 * ("field price", "the value") for error messages.
 */
final class AvroCursor {
  /** Deepest nesting of records, arrays and maps a value rendered as JSON may have. */
  static final int MAX_DEPTH = 64;
  /** Elements that take no bytes a payload may hold beyond one per byte of its length. */
  static final int ZERO_BYTE_ELEMENT_ALLOWANCE = 1024;

  private final byte[] buffer;
  private final int start;
  private final int limit;
  private int position;
  private int depth;
  private long zeroByteElementBudget;

  AvroCursor(byte[] buffer, int offset, int length) {
    this.buffer = buffer;
    this.start = offset;
    this.limit = offset + length;
    this.position = offset;
    this.zeroByteElementBudget = (long) length + ZERO_BYTE_ELEMENT_ALLOWANCE;
  }

  byte[] buffer() {
    return buffer;
  }

  /** Position relative to the start of the payload, for messages. */
  int offset() {
    return position - start;
  }

  int remaining() {
    return limit - position;
  }

  void requireEnd(String where) throws UndecodableException {
    if (position != limit) {
      throw new UndecodableException(String.format(
          "Avro payload has %d bytes left over after %s ends at byte %d",
          limit - position, where, offset()));
    }
  }

  int readInt(String where) throws UndecodableException {
    int p = position;
    if (p < limit) {
      int b = buffer[p];
      if (b >= 0) {
        position = p + 1;
        return (b >>> 1) ^ -(b & 1);
      }
    }
    return readMultiByteInt(where);
  }

  private int readMultiByteInt(String where) throws UndecodableException {
    byte[] bytes = buffer;
    int p = position;
    int end = limit;
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (p >= end) {
        throw new UndecodableException(
            "Truncated Avro payload: expected an int varint for " + where + " at byte " + offset());
      }
      byte b = bytes[p++];
      value |= (b & 0x7f) << shift;
      if (b >= 0) {
        position = p;
        return (value >>> 1) ^ -(value & 1);
      }
    }
    throw new UndecodableException(
        "Invalid Avro int for " + where + " at byte " + offset() + ": varint longer than 5 bytes");
  }

  long readLong(String where) throws UndecodableException {
    int p = position;
    if (p < limit) {
      int b = buffer[p];
      if (b >= 0) {
        position = p + 1;
        return (long) ((b >>> 1) ^ -(b & 1));
      }
    }
    return readMultiByteLong(where);
  }

  private long readMultiByteLong(String where) throws UndecodableException {
    byte[] bytes = buffer;
    int p = position;
    int end = limit;
    long value = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (p >= end) {
        throw new UndecodableException(
            "Truncated Avro payload: expected a long varint for " + where + " at byte " + offset());
      }
      byte b = bytes[p++];
      value |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        position = p;
        return (value >>> 1) ^ -(value & 1);
      }
    }
    throw new UndecodableException("Invalid Avro long for " + where + " at byte " + offset()
        + ": varint longer than 10 bytes");
  }

  boolean readBoolean(String where) throws UndecodableException {
    int at = take(1, where);
    byte b = buffer[at];
    if (b == 0 || b == 1) {
      return b == 1;
    }
    throw new UndecodableException(String.format(
        "Invalid Avro boolean for %s at byte %d: byte 0x%02x is neither 0 nor 1",
        where, at - start, b & 0xff));
  }

  float readFloat(String where) throws UndecodableException {
    return Float.intBitsToFloat(littleEndianInt(take(4, where)));
  }

  double readDouble(String where) throws UndecodableException {
    int at = take(8, where);
    long low = littleEndianInt(at) & 0xffffffffL;
    long high = littleEndianInt(at + 4) & 0xffffffffL;
    return Double.longBitsToDouble(high << 32 | low);
  }

  private int littleEndianInt(int at) {
    return (buffer[at] & 0xff)
        | (buffer[at + 1] & 0xff) << 8
        | (buffer[at + 2] & 0xff) << 16
        | buffer[at + 3] << 24;
  }

  /** Reads the length prefix of bytes or a string, checked against the remaining bytes. */
  int readLength(String where) throws UndecodableException {
    int at = offset();
    long length = readLong(where);
    if (length < 0) {
      throw new UndecodableException(
          "Invalid Avro length " + length + " for " + where + " at byte " + at);
    }
    if (length > remaining()) {
      throw truncated(length, where, offset());
    }
    return (int) length;
  }

  /** Skips {@code length} bytes and returns the buffer index where they start. */
  int take(int length, String where) throws UndecodableException {
    int at = position;
    if (length > limit - at) {
      throw truncated(length, where, at - start);
    }
    position = at + length;
    return at;
  }

  String readString(String where) throws UndecodableException {
    int length = readLength(where);
    int at = take(length, where);
    return new String(buffer, at, length, StandardCharsets.UTF_8);
  }

  ByteBuffer readBytes(String where) throws UndecodableException {
    int length = readLength(where);
    int at = take(length, where);
    return ByteBuffer.wrap(Arrays.copyOfRange(buffer, at, at + length));
  }

  byte[] readFixed(int size, String where) throws UndecodableException {
    int at = take(size, where);
    return Arrays.copyOfRange(buffer, at, at + size);
  }

  /** Reads a union branch index and checks it against the number of branches. */
  int readUnionIndex(int branches, String where) throws UndecodableException {
    int at = offset();
    int index = readInt(where);
    if (index < 0 || index >= branches) {
      throw new UndecodableException(String.format(
          "Invalid Avro union index %d for %s at byte %d: the union has %d branches",
          index, where, at, branches));
    }
    return index;
  }

  int readEnumIndex(int symbols, String where) throws UndecodableException {
    int at = offset();
    int index = readInt(where);
    if (index < 0 || index >= symbols) {
      throw new UndecodableException(String.format(
          "Invalid Avro enum index %d for %s at byte %d: the enum has %d symbols",
          index, where, at, symbols));
    }
    return index;
  }

  /**
   * Reads the count of an array or map block (0 ends the collection). A negative count is followed
   * by the block's size in bytes, which is read and dropped. The count must fit in the remaining
   * bytes; elements that take no bytes (null, fixed of size 0, records of those) draw, by the
   * number of values they hold, on a budget of the payload's length plus
   * {@value #ZERO_BYTE_ELEMENT_ALLOWANCE}.
   */
  int readBlockCount(ElementSize element, String where) throws UndecodableException {
    int at = offset();
    long count = readLong(where);
    if (count < 0) {
      if (count == Long.MIN_VALUE) {
        throw new UndecodableException(
            "Invalid Avro block count " + count + " for " + where + " at byte " + at);
      }
      count = -count;
      long blockSize = readLong(where);
      if (blockSize < 0) {
        throw new UndecodableException(
            "Invalid Avro block size " + blockSize + " for " + where + " at byte " + at);
      }
    }
    if (element.minimumBytes() > 0) {
      if (count > remaining() / element.minimumBytes()) {
        throw new UndecodableException(String.format(
            "Truncated Avro payload: a block of %d elements for %s at byte %d needs at least %d bytes, %d remain",
            count, where, at, count * element.minimumBytes(), remaining()));
      }
    } else {
      if (count <= Integer.MAX_VALUE) {
        zeroByteElementBudget -= count * element.zeroByteWeight();
      }
      if (count > Integer.MAX_VALUE || zeroByteElementBudget < 0) {
        throw new UndecodableException(String.format(
            "Invalid Avro block count %d for %s at byte %d: more elements that take no bytes than a payload of %d bytes may hold",
            count, where, at, limit - start));
      }
    }
    return (int) count;
  }

  void enterNested(String where) throws UndecodableException {
    if (++depth > MAX_DEPTH) {
      throw new UndecodableException("Avro value of " + where + " nests deeper than " + MAX_DEPTH
          + " levels at byte " + offset());
    }
  }

  void exitNested() {
    depth--;
  }

  private UndecodableException truncated(long expected, String where, int at) {
    return new UndecodableException(
        "Truncated Avro payload: expected " + expected + " bytes for " + where + " at byte " + at);
  }
}
