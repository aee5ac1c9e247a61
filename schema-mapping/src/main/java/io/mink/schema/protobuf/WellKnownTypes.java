package io.mink.schema.protobuf;

import com.squareup.wire.schema.ProtoType;
import java.util.Map;
import java.util.Set;

/** The google.protobuf messages Mink maps by name rather than by their fields. */
final class WellKnownTypes {
  static final String TIMESTAMP = "google.protobuf.Timestamp";
  static final String DURATION = "google.protobuf.Duration";
  static final String ANY = "google.protobuf.Any";
  static final String STRUCT = "google.protobuf.Struct";
  static final String VALUE = "google.protobuf.Value";
  static final String LIST_VALUE = "google.protobuf.ListValue";
  static final String FIELD_MASK = "google.protobuf.FieldMask";
  static final String NULL_VALUE = "google.protobuf.NullValue";

  private static final Map<String, ScalarReader> WRAPPED = Map.of(
      "google.protobuf.DoubleValue", ScalarReader.DOUBLE,
      "google.protobuf.FloatValue", ScalarReader.FLOAT,
      "google.protobuf.Int64Value", ScalarReader.INT64,
      "google.protobuf.UInt64Value", ScalarReader.UINT64,
      "google.protobuf.Int32Value", ScalarReader.INT32,
      "google.protobuf.UInt32Value", ScalarReader.UINT32,
      "google.protobuf.BoolValue", ScalarReader.BOOL,
      "google.protobuf.StringValue", ScalarReader.STRING,
      "google.protobuf.BytesValue", ScalarReader.BYTES);

  /** Mapped to a string holding their canonical proto3 JSON. */
  private static final Set<String> AS_JSON = Set.of(ANY, STRUCT, VALUE, LIST_VALUE, DURATION);

  private WellKnownTypes() {}

  static boolean isTimestamp(ProtoType type) {
    return TIMESTAMP.equals(type.toString());
  }

  /** The scalar a wrapper type such as Int64Value wraps, or null when the type is no wrapper. */
  static ScalarReader wrapped(ProtoType type) {
    return WRAPPED.get(type.toString());
  }

  static boolean isMappedToJson(ProtoType type) {
    return AS_JSON.contains(type.toString());
  }
}
