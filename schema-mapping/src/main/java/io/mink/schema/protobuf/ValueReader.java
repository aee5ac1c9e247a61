package io.mink.schema.protobuf;

import io.mink.schema.decode.UndecodableException;

/** Reads one Protobuf value of a given wire type into its Iceberg generic value. */
interface ValueReader {
  /** The wire type this value is written with; a field seen with another one is skipped as unknown. */
  int wireType();

  /**
   * Reads one value at the cursor.
   *
   * @param field the field being read, as error messages name it, e.g. {@code field 3 (price)}
   * @param depth how deep the enclosing message is nested
   */
  Object read(ProtoInput in, String field, int depth) throws UndecodableException;

  /** The value Protobuf readers show when the payload leaves it out, such as 0 for a proto3 int32. */
  Object defaultValue();

  /** Whether repeated values may come packed in one length-delimited run. */
  default boolean isPackable() {
    return wireType() != ProtoInput.LEN;
  }
}
