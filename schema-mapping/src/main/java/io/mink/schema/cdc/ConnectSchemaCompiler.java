package io.mink.schema.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.cdc.ConnectContainers.ListValue;
import io.mink.schema.cdc.ConnectContainers.MapValue;
import io.mink.schema.cdc.ConnectContainers.StructValue;
import io.mink.schema.cdc.ConnectScalars.BooleanValue;
import io.mink.schema.cdc.ConnectScalars.BytesValue;
import io.mink.schema.cdc.ConnectScalars.FloatingValue;
import io.mink.schema.cdc.ConnectScalars.IntValue;
import io.mink.schema.cdc.ConnectScalars.LongValue;
import io.mink.schema.cdc.ConnectScalars.StringValue;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.UnreadableSchemaException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.types.Types;

/**
 * Compiles a Kafka Connect schema, as JsonConverter writes it under {@code "schema"}, into a reader of its
 * payloads. Connect's types map to Iceberg's: int8, int16 and int32 to int, int64 to long, float32 to float,
 * float64 to double, boolean, string, bytes to binary, struct, array to list, map. Logical types, by schema
 * name, map first ({@link ConnectLogicalTypes}); any other name keeps its type's mapping. Every struct field,
 * list element and map value is optional, so a column never turns required when a schema changes.
 */
final class ConnectSchemaCompiler {
  private final MappingOptions options;
  private int lastId;

  private ConnectSchemaCompiler(MappingOptions options) {
    this.options = options;
  }

  static ConnectValue compile(JsonNode schema, MappingOptions options)
      throws UnreadableSchemaException {
    return new ConnectSchemaCompiler(options).value(schema, "The payload", "");
  }

  private ConnectValue value(JsonNode schema, String where, String path)
      throws UnreadableSchemaException {
    if (schema == null || !schema.isObject()) {
      throw new UnreadableSchemaException(
          "The Connect schema of " + describe(where) + " is not a JSON object");
    }
    String type = text(schema, "type", where);
    ConnectValue logical = ConnectLogicalTypes.of(schema, type, where, options);
    if (logical != null) {
      return logical;
    }
    return switch (type) {
      case "int8" -> new IntValue(where, Byte.MIN_VALUE, Byte.MAX_VALUE, "int8");
      case "int16" -> new IntValue(where, Short.MIN_VALUE, Short.MAX_VALUE, "int16");
      case "int32" -> new IntValue(where, Integer.MIN_VALUE, Integer.MAX_VALUE, "int32");
      case "int64" -> new LongValue(where);
      case "float32" -> new FloatingValue(where, true);
      case "float64" -> new FloatingValue(where, false);
      case "boolean" -> new BooleanValue(where);
      case "string" -> new StringValue(where);
      case "bytes" -> new BytesValue(where);
      case "struct" -> struct(schema, where, path);
      case "array" -> list(schema, where, path);
      case "map" -> map(schema, where, path);
      default ->
        throw new UnreadableSchemaException("The Connect schema of " + describe(where)
            + " has type '" + type
            + "', which is not a Kafka Connect type: int8, int16, int32, int64,"
            + " float32, float64, boolean, string, bytes, struct, array or map");
    };
  }

  private ConnectValue struct(JsonNode schema, String where, String path)
      throws UnreadableSchemaException {
    JsonNode fields = schema.get("fields");
    if (fields == null || !fields.isArray()) {
      throw new UnreadableSchemaException(
          "The Connect struct schema of " + describe(where) + " has no \"fields\" array");
    }
    List<Types.NestedField> icebergFields = new ArrayList<>();
    List<ConnectValue> values = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (JsonNode field : fields) {
      String name = text(field, "field", where);
      if (!names.add(name)) {
        throw new UnreadableSchemaException("The Connect struct schema of " + describe(where)
            + " names field '" + name + "' twice");
      }
      String fieldPath = path.isEmpty() ? name : path + "." + name;
      ConnectValue value = value(field, "Field '" + fieldPath + "'", fieldPath);
      String doc = value instanceof ConnectTemporals.TimeOfDayValue
          ? options.timeOfDay().columnNote()
          : null;
      icebergFields.add(Types.NestedField.optional(++lastId, name, value.type(), doc));
      values.add(value);
    }
    return new StructValue(where, Types.StructType.of(icebergFields), values);
  }

  private ConnectValue list(JsonNode schema, String where, String path)
      throws UnreadableSchemaException {
    ConnectValue element = value(schema.get("items"), "An element of " + describe(where), path);
    return new ListValue(where, Types.ListType.ofOptional(++lastId, element.type()), element);
  }

  private ConnectValue map(JsonNode schema, String where, String path)
      throws UnreadableSchemaException {
    ConnectValue key = value(schema.get("keys"), "A key of " + describe(where), path);
    ConnectValue value = value(schema.get("values"), "A value of " + describe(where), path);
    int keyId = ++lastId;
    Types.MapType map = Types.MapType.ofOptional(keyId, ++lastId, key.type(), value.type());
    return new MapValue(where, map, key, value);
  }

  private static String text(JsonNode schema, String property, String where)
      throws UnreadableSchemaException {
    JsonNode value = schema.get(property);
    if (value == null || !value.isTextual()) {
      throw new UnreadableSchemaException("The Connect schema of " + describe(where) + " has no \""
          + property + "\" string: " + abbreviated(schema));
    }
    return value.textValue();
  }

  private static String describe(String where) {
    return Character.toLowerCase(where.charAt(0)) + where.substring(1);
  }

  private static String abbreviated(JsonNode schema) {
    String text = schema.toString();
    return text.length() <= 120 ? text : text.substring(0, 120) + "...";
  }
}
