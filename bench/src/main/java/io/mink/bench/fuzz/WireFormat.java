package io.mink.bench.fuzz;

/** Where a record carries its value's schema id (docs/decoding.md). */
public enum WireFormat {
  /** 0x00, the int32 id, Protobuf's message indexes, the payload. */
  CONFLUENT,
  /** 0x03, compression 0x00, the 16-byte schema version UUID, the payload. Avro and JSON Schema only here. */
  GLUE,
  /** The payload alone; header __value_schema_id holds 0x01 and the schema's 16-byte GUID. */
  HEADER
}
