package io.mink.schema.protobuf;

/** How a Protobuf field tells whether it has a value, which decides its Iceberg nullability. */
enum Presence {
  /** A proto3 scalar or enum without {@code optional}: always has a value, its default when not written. Required. */
  IMPLICIT,
  /** proto2 {@code optional}, proto3 {@code optional}, oneof members and message fields: null when not written. */
  EXPLICIT,
  /** proto2 {@code required}: a payload without it does not decode. Required. */
  REQUIRED,
  /** {@code repeated}: an optional list, empty when not written. */
  REPEATED,
  /** {@code map<K, V>}, or a repeated map-entry message: an optional map, empty when not written. */
  MAP;

  boolean isOptional() {
    return this != IMPLICIT && this != REQUIRED;
  }
}
