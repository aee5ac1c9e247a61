package io.mink.schema.wire;

import static java.util.Objects.requireNonNull;

import io.mink.schema.registry.SchemaRef;

/**
 * A record part whose schema id was found: the schema's reference and where its payload starts.
 * For Protobuf the message selection is read next by {@link ProtobufMessageSelection}.
 *
 * @param data the bytes holding the payload: the record's own bytes, or the inflated payload of a zlib Glue part
 * @param headerTail the header's bytes after the GUID (Protobuf message indexes), empty for the prefix formats
 */
public record WirePayload(
    WireFormat format, SchemaRef ref, byte[] data, int offset, int length, byte[] headerTail) {
  public WirePayload {
    requireNonNull(format, "format is null");
    requireNonNull(ref, "ref is null");
    requireNonNull(data, "data is null");
    requireNonNull(headerTail, "headerTail is null");
    if (offset < 0 || length < 0 || offset + length > data.length) {
      throw new IllegalArgumentException("Payload [" + offset + ", " + (offset + length)
          + ") is outside " + data.length + " bytes");
    }
  }

  public WirePayload withPayload(int newOffset) {
    return new WirePayload(format, ref, data, newOffset, offset + length - newOffset, headerTail);
  }
}
