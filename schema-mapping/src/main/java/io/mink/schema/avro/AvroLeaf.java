package io.mink.schema.avro;

import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * The Avro types that hold no other type, each with its logical type resolved, as docs/type-mapping.md
 * (Avro) lists them. A logical type on a base type it does not apply to, and a logical type the
 * table does not list (big-decimal, custom ones), leaves the base type.
 */
enum AvroLeaf {
  BOOLEAN,
  INT,
  LONG,
  FLOAT,
  DOUBLE,
  BYTES,
  STRING,
  ENUM,
  FIXED,
  /** decimal(p, s) with p at most 38, on bytes or fixed. */
  DECIMAL,
  /** decimal(p, s) with p above 38, which Iceberg cannot hold: a JSON string. */
  WIDE_DECIMAL,
  UUID_STRING,
  UUID_FIXED,
  DATE,
  TIME_MILLIS,
  TIME_MICROS,
  TIMESTAMP_MILLIS,
  TIMESTAMP_MICROS,
  TIMESTAMP_NANOS,
  LOCAL_TIMESTAMP_MILLIS,
  LOCAL_TIMESTAMP_MICROS,
  LOCAL_TIMESTAMP_NANOS,
  /** duration: months, days and milliseconds as three little-endian unsigned ints in a fixed of 12. */
  DURATION;

  static final int MAX_DECIMAL_PRECISION = 38;

  /** The leaf of a boolean, int, long, float, double, bytes, string, enum or fixed schema. */
  static AvroLeaf of(Schema schema) {
    AvroLeaf base = baseOf(schema.getType());
    LogicalType logical = schema.getLogicalType();
    if (logical == null) {
      return base;
    }
    AvroLeaf leaf = switch (logical.getName()) {
      case "decimal" ->
        ((LogicalTypes.Decimal) logical).getPrecision() <= MAX_DECIMAL_PRECISION
            ? DECIMAL
            : WIDE_DECIMAL;
      case "uuid" -> base == FIXED ? UUID_FIXED : UUID_STRING;
      case "date" -> DATE;
      case "time-millis" -> TIME_MILLIS;
      case "time-micros" -> TIME_MICROS;
      case "timestamp-millis" -> TIMESTAMP_MILLIS;
      case "timestamp-micros" -> TIMESTAMP_MICROS;
      case "timestamp-nanos" -> TIMESTAMP_NANOS;
      case "local-timestamp-millis" -> LOCAL_TIMESTAMP_MILLIS;
      case "local-timestamp-micros" -> LOCAL_TIMESTAMP_MICROS;
      case "local-timestamp-nanos" -> LOCAL_TIMESTAMP_NANOS;
      case "duration" -> DURATION;
      default -> base;
    };
    return leaf.appliesTo(schema) ? leaf : base;
  }

  private static AvroLeaf baseOf(Schema.Type type) {
    return switch (type) {
      case BOOLEAN -> BOOLEAN;
      case INT -> INT;
      case LONG -> LONG;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case BYTES -> BYTES;
      case STRING -> STRING;
      case ENUM -> ENUM;
      case FIXED -> FIXED;
      default -> throw new IllegalArgumentException("Avro " + type + " is not a leaf type");
    };
  }

  /** Avro's parser already drops most misplaced logical types; this keeps the rule in one place. */
  private boolean appliesTo(Schema schema) {
    Schema.Type type = schema.getType();
    return switch (this) {
      case DECIMAL, WIDE_DECIMAL -> type == Schema.Type.BYTES || type == Schema.Type.FIXED;
      case UUID_STRING -> type == Schema.Type.STRING;
      case UUID_FIXED -> type == Schema.Type.FIXED && schema.getFixedSize() == 16;
      case DATE, TIME_MILLIS -> type == Schema.Type.INT;
      case TIME_MICROS,
          TIMESTAMP_MILLIS,
          TIMESTAMP_MICROS,
          TIMESTAMP_NANOS,
          LOCAL_TIMESTAMP_MILLIS,
          LOCAL_TIMESTAMP_MICROS,
          LOCAL_TIMESTAMP_NANOS -> type == Schema.Type.LONG;
      case DURATION -> type == Schema.Type.FIXED && schema.getFixedSize() == 12;
      default -> true;
    };
  }
}
