package io.mink.schema.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.cdc.ConnectTemporals.DateValue;
import io.mink.schema.cdc.ConnectTemporals.EpochValue;
import io.mink.schema.cdc.ConnectTemporals.TimeOfDayValue;
import io.mink.schema.cdc.ConnectTemporals.ZonedTimestampValue;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.UnreadableSchemaException;

/**
 * Kafka Connect's logical types and Debezium's semantic types that have an Iceberg type of their own, chosen by
 * the schema's {@code name}:
 *
 * <ul>
 *   <li>{@code org.apache.kafka.connect.data.Decimal} (bytes, parameter {@code scale}; Debezium adds
 *       {@code connect.decimal.precision}): decimal(precision, scale), precision 38 when not given; text when the
 *       precision is over 38
 *   <li>{@code org.apache.kafka.connect.data.Date}, {@code io.debezium.time.Date}: date
 *   <li>{@code org.apache.kafka.connect.data.Time}, {@code io.debezium.time.Time} (milliseconds),
 *       {@code MicroTime}, {@code NanoTime}: a time of day, stored as the table's {@code mink.time-as} says
 *   <li>{@code org.apache.kafka.connect.data.Timestamp}: timestamptz
 *   <li>{@code io.debezium.time.Timestamp}, {@code MicroTimestamp}, {@code NanoTimestamp}: timestamp without
 *       zone, as Debezium writes the database's local date-time
 *   <li>{@code io.debezium.time.ZonedTimestamp} (ISO-8601 text): timestamptz
 * </ul>
 *
 * Other names keep their type's mapping: {@code io.debezium.time.ZonedTime}, {@code io.debezium.data.Json},
 * {@code Uuid}, {@code Enum} stay strings, {@code io.debezium.data.VariableScaleDecimal} stays its struct of
 * {@code scale} and {@code value}, {@code MicroDuration} stays a long. A logical name on a type it does not
 * belong to (an integer name on a string) is ignored.
 */
final class ConnectLogicalTypes {
  private static final String CONNECT = "org.apache.kafka.connect.data.";
  private static final String DEBEZIUM = "io.debezium.time.";

  private ConnectLogicalTypes() {}

  /** The reader of a logical type, or null when the schema has none that maps to an Iceberg type of its own. */
  static ConnectValue of(JsonNode schema, String type, String where, MappingOptions options)
      throws UnreadableSchemaException {
    JsonNode nameNode = schema.get("name");
    if (nameNode == null || !nameNode.isTextual()) {
      return null;
    }
    String name = nameNode.textValue();
    boolean integer = type.equals("int32") || type.equals("int64");
    if (name.equals(CONNECT + "Decimal") && type.equals("bytes")) {
      return decimal(schema, where);
    }
    if (name.equals(DEBEZIUM + "ZonedTimestamp") && type.equals("string")) {
      return new ZonedTimestampValue(where);
    }
    if (!integer) {
      return null;
    }
    return switch (name) {
      case CONNECT + "Date", DEBEZIUM + "Date" -> new DateValue(where);
      case CONNECT + "Time", DEBEZIUM + "Time" ->
        new TimeOfDayValue(where, 1_000_000L, options.timeOfDay());
      case DEBEZIUM + "MicroTime" -> new TimeOfDayValue(where, 1_000L, options.timeOfDay());
      case DEBEZIUM + "NanoTime" -> new TimeOfDayValue(where, 1L, options.timeOfDay());
      case CONNECT + "Timestamp" -> new EpochValue(where, 1_000_000L, true);
      case DEBEZIUM + "Timestamp" -> new EpochValue(where, 1_000_000L, false);
      case DEBEZIUM + "MicroTimestamp" -> new EpochValue(where, 1_000L, false);
      case DEBEZIUM + "NanoTimestamp" -> new EpochValue(where, 1L, false);
      default -> null;
    };
  }

  private static ConnectValue decimal(JsonNode schema, String where)
      throws UnreadableSchemaException {
    JsonNode parameters = schema.get("parameters");
    int scale = intParameter(parameters, "scale", -1, where);
    if (scale < 0) {
      throw new UnreadableSchemaException("The Connect Decimal schema of " + where
          + " has no \"scale\" parameter of 0 or more: " + parameters);
    }
    int precision =
        intParameter(parameters, "connect.decimal.precision", ConnectDecimal.MAX_PRECISION, where);
    boolean asText = precision > ConnectDecimal.MAX_PRECISION || scale > precision;
    return new ConnectDecimal(where, precision, scale, asText);
  }

  private static int intParameter(JsonNode parameters, String name, int missing, String where)
      throws UnreadableSchemaException {
    JsonNode value = parameters == null ? null : parameters.get(name);
    if (value == null || value.isNull()) {
      return missing;
    }
    try {
      return Integer.parseInt(value.asText());
    } catch (NumberFormatException e) {
      throw new UnreadableSchemaException("The Connect Decimal schema of " + where
          + " has parameter " + name + " '" + value.asText() + "', which is not an integer");
    }
  }
}
