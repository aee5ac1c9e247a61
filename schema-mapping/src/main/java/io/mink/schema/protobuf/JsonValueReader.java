package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** Reads one Protobuf value as its canonical proto3 JSON, for the types Mink maps to a JSON string. */
interface JsonValueReader {
  int wireType();

  /** Reads one value at the cursor into {@code json}; returns the part that holds its JSON. */
  int read(ProtoInput in, String field, JsonRope json, int depth) throws UndecodableException;

  /** The JSON of the value Protobuf readers show when the payload leaves it out. */
  String defaultJson();

  default boolean isPackable() {
    return wireType() != ProtoInput.LEN;
  }
}
