package com.kjetland.jackson.jsonSchema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Test-only stand-in for mbknor-jackson-jsonschema's schema generator (package {@code com.kjetland.jackson.jsonSchema},
 * kept here with the interop tests that need it). AWS's Glue serde constructs the real one in its JsonSerializer's
 * constructor, but the real one is Scala 2.12 (it extends {@code scala.Serializable}, gone in 2.13) and cannot load
 * beside the Scala 2.13 that Kafka's broker needs, so the Glue serde's pom exclusion leaves it out. Glue only calls it
 * to derive a schema from a POJO; the interop tests send {@code JsonDataWithSchema}, which carries its schema, so
 * everything Glue runs for them is its own code.
 */
public class JsonSchemaGenerator {
  public JsonSchemaGenerator(ObjectMapper rootObjectMapper) {
    // nothing to keep: no schema is ever generated
  }

  public JsonNode generateJsonSchema(Class<?> type) {
    throw new UnsupportedOperationException(
        "The interop tests' stand-in for mbknor's JsonSchemaGenerator derives no" + " schema from "
            + type + ": send JsonDataWithSchema to the Glue serializer");
  }
}
