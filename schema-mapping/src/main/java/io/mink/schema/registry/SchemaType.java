package io.mink.schema.registry;

import java.util.Locale;

/** The schema languages a registry holds, named as Confluent's REST API names them. */
public enum SchemaType {
  AVRO,
  PROTOBUF,
  JSON;

  /** Confluent's schemaType field: absent means AVRO. */
  public static SchemaType fromRegistryName(String name) {
    if (name == null || name.isBlank()) {
      return AVRO;
    }
    return switch (name.toUpperCase(Locale.ROOT)) {
      case "AVRO" -> AVRO;
      case "PROTOBUF" -> PROTOBUF;
      case "JSON", "JSONSCHEMA", "JSON_SCHEMA" -> JSON;
      default ->
        throw new IllegalArgumentException(
            "Unknown schema type '" + name + "': expected AVRO, PROTOBUF or JSON");
    };
  }
}
