package io.mink.schema.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.decode.UnreadableSchemaException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The JSON Schema type names, and which of them a schema's type, enum, const and keywords allow. */
enum JsonKind {
  NULL,
  BOOLEAN,
  OBJECT,
  ARRAY,
  NUMBER,
  STRING,
  INTEGER;

  /**
   * The kinds a schema allows: those of "type" when present (null only if an enum or const allows
   * it too), else those of its enum or const values (integers among fractions being numbers), else
   * object or array when it has keywords of only one of them, else none.
   */
  static Set<JsonKind> allowedBy(JsonNode schema, String location)
      throws UnreadableSchemaException {
    JsonNode values = schema.has("const") ? null : schema.get("enum");
    Set<JsonKind> valueKinds =
        schema.has("const") ? kindsOf(schema.get("const"), true) : kindsOf(values, false);
    JsonNode type = schema.get("type");
    if (type != null) {
      Set<JsonKind> named = named(type, location);
      if (valueKinds != null && !valueKinds.contains(NULL)) {
        named.remove(NULL);
      }
      return named;
    }
    if (valueKinds != null) {
      if (valueKinds.contains(INTEGER) && valueKinds.contains(NUMBER)) {
        valueKinds.remove(INTEGER);
      }
      return valueKinds;
    }
    Set<JsonKind> implied = EnumSet.noneOf(JsonKind.class);
    if (schema.has("properties")
        || schema.has("additionalProperties")
        || schema.has("patternProperties")) {
      implied.add(OBJECT);
    }
    if (schema.has("items") || schema.has("prefixItems")) {
      implied.add(ARRAY);
    }
    return implied;
  }

  /** Whether a schema allows null and nothing else: {type: null}, {const: null} or {enum: [null]}. */
  static boolean onlyNull(JsonNode schema) {
    if (!schema.isObject() || schema.has("$ref")) {
      return false;
    }
    JsonNode type = schema.get("type");
    if (type != null) {
      return type.asText("").equals("null")
          || (type.isArray() && type.size() == 1 && type.get(0).asText("").equals("null"));
    }
    JsonNode constant = schema.get("const");
    if (constant != null) {
      return constant.isNull();
    }
    JsonNode values = schema.get("enum");
    return values != null
        && values.isArray()
        && !values.isEmpty()
        && kindsOf(values, false).equals(EnumSet.of(NULL));
  }

  static String describe(JsonNode node) {
    return switch (node.getNodeType()) {
      case OBJECT, POJO -> "an object";
      case ARRAY -> "an array";
      case STRING, BINARY -> "a string";
      case NUMBER -> "a number";
      case BOOLEAN -> "a boolean";
      case NULL -> "null";
      case MISSING -> "nothing";
    };
  }

  private static Set<JsonKind> named(JsonNode type, String location)
      throws UnreadableSchemaException {
    Set<JsonKind> kinds = EnumSet.noneOf(JsonKind.class);
    if (type.isTextual()) {
      kinds.add(named(type.asText(), location));
    } else if (type.isArray() && !type.isEmpty()) {
      for (JsonNode name : type) {
        if (!name.isTextual()) {
          throw new UnreadableSchemaException(
              "type at " + location + " must list type names, not " + describe(name));
        }
        kinds.add(named(name.asText(), location));
      }
    } else {
      throw new UnreadableSchemaException("type at " + location
          + " must be a type name or a non-empty array of them, not " + describe(type));
    }
    return kinds;
  }

  private static JsonKind named(String name, String location) throws UnreadableSchemaException {
    for (JsonKind kind : values()) {
      if (kind.name().toLowerCase(Locale.ROOT).equals(name)) {
        return kind;
      }
    }
    throw new UnreadableSchemaException("Unknown type '" + name + "' at " + location
        + ": expected null, boolean, object, array, number, string or integer");
  }

  private static Set<JsonKind> kindsOf(JsonNode values, boolean single) {
    if (values == null) {
      return null;
    }
    Set<JsonKind> kinds = EnumSet.noneOf(JsonKind.class);
    if (single) {
      kinds.add(kindOf(values));
    } else if (values.isArray()) {
      values.forEach(value -> kinds.add(kindOf(value)));
    } else {
      return null;
    }
    return kinds;
  }

  private static JsonKind kindOf(JsonNode value) {
    return switch (value.getNodeType()) {
      case NULL, MISSING -> NULL;
      case BOOLEAN -> BOOLEAN;
      case NUMBER -> value.isIntegralNumber() ? INTEGER : NUMBER;
      case STRING, BINARY -> STRING;
      case ARRAY -> ARRAY;
      case OBJECT, POJO -> OBJECT;
    };
  }
}
