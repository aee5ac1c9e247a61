package io.mink.schema.wire;

import static java.util.Objects.requireNonNull;

import io.mink.schema.decode.MessageSelector;
import io.mink.schema.decode.UndecodableException;

/**
 * Reads which Protobuf message a part was written with. Confluent writes message indexes after the
 * schema id (a zigzag varint count, then zigzag varint indexes; a lone 0 means [0]) and the header
 * format appends the same after the GUID; Glue starts the payload with one unsigned varint, the
 * message's position among all messages sorted by full name.
 */
public record ProtobufMessageSelection(MessageSelector selector, WirePayload payload) {
  private static final int MAX_INDEXES = 64;

  public ProtobufMessageSelection {
    requireNonNull(selector, "selector is null");
    requireNonNull(payload, "payload is null");
  }

  public static ProtobufMessageSelection read(WirePayload payload) throws UndecodableException {
    return switch (payload.format()) {
      case CONFLUENT -> {
        Cursor cursor =
            new Cursor(payload.data(), payload.offset(), payload.offset() + payload.length());
        int[] indexes = readIndexes(cursor);
        yield new ProtobufMessageSelection(
            new MessageSelector.ConfluentIndexes(indexes), payload.withPayload(cursor.position));
      }
      case HEADER -> {
        byte[] tail = payload.headerTail();
        int[] indexes =
            tail.length == 0 ? new int[] {0} : readIndexes(new Cursor(tail, 0, tail.length));
        yield new ProtobufMessageSelection(new MessageSelector.ConfluentIndexes(indexes), payload);
      }
      case GLUE -> {
        Cursor cursor =
            new Cursor(payload.data(), payload.offset(), payload.offset() + payload.length());
        long index = cursor.readUnsignedVarint();
        if (index > Integer.MAX_VALUE) {
          throw new UndecodableException("Invalid Glue Protobuf message index " + index);
        }
        yield new ProtobufMessageSelection(
            new MessageSelector.GlueMessageIndex((int) index),
            payload.withPayload(cursor.position));
      }
    };
  }

  private static int[] readIndexes(Cursor cursor) throws UndecodableException {
    long count = zigzag(cursor.readUnsignedVarint());
    if (count == 0) {
      return new int[] {0};
    }
    if (count < 0 || count > MAX_INDEXES) {
      throw new UndecodableException(
          "Invalid Protobuf message index count " + count + ": expected 1 to " + MAX_INDEXES);
    }
    int[] indexes = new int[(int) count];
    for (int i = 0; i < count; i++) {
      long index = zigzag(cursor.readUnsignedVarint());
      if (index < 0 || index > Integer.MAX_VALUE) {
        throw new UndecodableException("Invalid Protobuf message index " + index);
      }
      indexes[i] = (int) index;
    }
    return indexes;
  }

  private static long zigzag(long value) {
    return (value >>> 1) ^ -(value & 1);
  }

  private static final class Cursor {
    private final byte[] bytes;
    private final int end;
    private int position;

    Cursor(byte[] bytes, int position, int end) {
      this.bytes = bytes;
      this.position = position;
      this.end = end;
    }

    long readUnsignedVarint() throws UndecodableException {
      long result = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (position >= end) {
          throw new UndecodableException("Truncated Protobuf message indexes at byte " + position);
        }
        byte b = bytes[position++];
        result |= (long) (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          return result;
        }
      }
      throw new UndecodableException(
          "Malformed varint in Protobuf message indexes at byte " + position);
    }
  }
}
