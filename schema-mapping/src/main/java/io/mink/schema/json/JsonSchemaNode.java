package io.mink.schema.json;

import java.util.List;

/**
 * A JSON Schema reduced to what decides its Iceberg type. {@link JsonSchemaReader} builds it from
 * the schema's keywords; {@link JsonSchemaVisitor} walks it.
 */
sealed interface JsonSchemaNode {
  /** The schema's "description", or null. */
  String description();

  /** An object with properties: a struct whose fields follow the order of "properties". */
  record ObjectSchema(List<Property> properties, String description) implements JsonSchemaNode {
    public ObjectSchema {
      properties = List.copyOf(properties);
    }
  }

  /** One entry of "properties"; required when "required" lists its name. */
  record Property(String name, JsonSchemaNode schema, boolean required) {}

  /** An object without properties: a map from property names to the additionalProperties schema. */
  record MapSchema(JsonSchemaNode values, String description) implements JsonSchemaNode {}

  /** An array with one "items" schema. */
  record ArraySchema(JsonSchemaNode items, String description) implements JsonSchemaNode {}

  /** A single JSON type that maps to an Iceberg primitive. */
  record ScalarSchema(Scalar scalar, String description) implements JsonSchemaNode {}

  /** One type and null: the inner schema's type, optional. */
  record NullableSchema(JsonSchemaNode inner, String description) implements JsonSchemaNode {}

  /** A part kept as its JSON text: no type, several types, oneOf/anyOf/allOf, tuples. */
  record JsonTextSchema(String description) implements JsonSchemaNode {}

  /** A $ref: the definition's type, or JSON text when the definition reaches itself. */
  record RefSchema(Definition target, String description) implements JsonSchemaNode {}

  /** The JSON Schema types and string formats that map to Iceberg primitives. */
  enum Scalar {
    BOOLEAN,
    STRING,
    LONG,
    DOUBLE,
    TIMESTAMPTZ,
    DATE,
    UUID
  }

  /** The schema with the given description, unless it has its own or there is none to give. */
  static JsonSchemaNode describedAs(JsonSchemaNode schema, String description) {
    if (description == null || schema.description() != null) {
      return schema;
    }
    if (schema instanceof ObjectSchema object) {
      return new ObjectSchema(object.properties(), description);
    } else if (schema instanceof MapSchema map) {
      return new MapSchema(map.values(), description);
    } else if (schema instanceof ArraySchema array) {
      return new ArraySchema(array.items(), description);
    } else if (schema instanceof ScalarSchema scalar) {
      return new ScalarSchema(scalar.scalar(), description);
    } else if (schema instanceof NullableSchema nullable) {
      return new NullableSchema(nullable.inner(), description);
    } else if (schema instanceof RefSchema ref) {
      return new RefSchema(ref.target(), description);
    }
    return new JsonTextSchema(description);
  }

  /**
   * The description that documents a field of this schema: its own, else that of the schema it
   * wraps (one type and null) or refers to.
   */
  static String documentation(JsonSchemaNode schema) {
    JsonSchemaNode current = schema;
    for (int step = 0; step < 8 && current != null; step++) {
      if (current.description() != null) {
        return current.description();
      }
      if (current instanceof NullableSchema nullable) {
        current = nullable.inner();
      } else if (current instanceof RefSchema ref) {
        current = ref.target().schema();
      } else {
        return null;
      }
    }
    return null;
  }
}
