package io.mink.schema.decode;

/** Why a key or value kept its raw bytes; counted per table. */
public enum RawReason {
  NO_SCHEMA_ID("no-schema-id", "no schema id"),
  UNKNOWN_SCHEMA("unknown-schema", "unknown schema"),
  UNREADABLE_SCHEMA("unreadable-schema", "unreadable schema"),
  UNDECODABLE_BYTES("undecodable-bytes", "undecodable bytes"),
  OTHER_PROTOBUF_MESSAGE("other-protobuf-message", "another Protobuf message"),
  UNMERGEABLE_SCHEMA("unmergeable-schema", "schema not mergeable into the table"),
  NOT_A_DEBEZIUM_ENVELOPE("not-a-debezium-envelope", "not a Debezium row change event");

  private final String key;
  private final String description;

  RawReason(String key, String description) {
    this.key = key;
    this.description = description;
  }

  /** The name in snapshot summaries and metrics, such as no-schema-id. */
  public String key() {
    return key;
  }

  public String description() {
    return description;
  }
}
