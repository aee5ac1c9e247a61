package com.kjetland.jackson.jsonSchema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Stands in for mbknor-jackson-jsonschema's schema generator, which AWS's Glue serde constructs in its JSON
 * serializer's constructor. The real one is Scala 2.12 and cannot load beside the Scala 2.13 of the in-process Kafka
 * broker, so the parent pom leaves it out. Glue only calls it to derive a schema from a plain Java object; the
 * samples send {@code JsonDataWithSchema}, which carries its schema, so Glue's own code does everything else.
 */
public class JsonSchemaGenerator {
  public JsonSchemaGenerator(ObjectMapper rootObjectMapper) {
    // nothing to keep: no schema is ever generated
  }

  public JsonNode generateJsonSchema(Class<?> type) {
    throw new UnsupportedOperationException("The Mink samples derive no JSON schema from " + type
        + ": send JsonDataWithSchema to the Glue serializer, or put mbknor-jackson-jsonschema on a Scala 2.12"
        + " classpath");
  }
}
