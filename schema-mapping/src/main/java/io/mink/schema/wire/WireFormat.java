package io.mink.schema.wire;

/** Where a record part names its schema (design.md "Wire formats"). */
public enum WireFormat {
  /** {@code __key_schema_id} / {@code __value_schema_id} header: byte 1, a 16-byte GUID, Protobuf message indexes. */
  HEADER,
  /** Byte 3, a compression byte (0 none, 5 zlib), the 16-byte schema version UUID, the payload. */
  GLUE,
  /** Byte 0, a 4-byte big-endian schema id, Protobuf message indexes, the payload. */
  CONFLUENT
}
