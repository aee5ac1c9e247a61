package io.mink.testkit.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.GlueRegistryClient;
import io.mink.schema.registry.GlueRegistrySettings;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.RegistryUnavailableException;
import io.mink.schema.registry.SchemaNotFoundException;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaType;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Mink's Glue client end to end against the Glue stand-in: endpoint override, static keys, us-east-1. */
class GlueClientAgainstStandInTest {
  private final GlueSchemaRegistryStandIn glue = GlueSchemaRegistryStandIn.start();
  private final GlueRegistryClient client =
      GlueRegistryClient.create(GlueRegistrySettings.of("us-east-1")
          .withEndpoint(glue.endpoint())
          .withStaticCredentials("test", "test")
          .withRequestTimeout(Duration.ofSeconds(5)));

  @AfterEach
  void stop() {
    client.close();
    glue.close();
  }

  @Test
  void fetchesEachDataFormat() throws Exception {
    UUID avro = glue.register("orders", SchemaType.AVRO, "{\"type\":\"string\"}");
    UUID proto = glue.register(
        "payments", SchemaType.PROTOBUF, "syntax = \"proto3\"; message P { int32 a = 1; }");
    UUID json = glue.register("events", SchemaType.JSON, "{\"type\":\"object\"}");

    assertThat(client.fetch(new SchemaRef.GlueVersionId(avro)))
        .isEqualTo(RegisteredSchema.of(SchemaType.AVRO, "{\"type\":\"string\"}"));
    assertThat(client.fetch(new SchemaRef.GlueVersionId(proto)))
        .isEqualTo(RegisteredSchema.of(
            SchemaType.PROTOBUF, "syntax = \"proto3\"; message P { int32 a = 1; }"));
    assertThat(client.fetch(new SchemaRef.GlueVersionId(json)))
        .isEqualTo(RegisteredSchema.of(SchemaType.JSON, "{\"type\":\"object\"}"));
    assertThat(glue.operations()).containsOnly("GetSchemaVersion");
  }

  @Test
  void eachVersionOfASchemaKeepsItsDefinition() throws Exception {
    UUID first = glue.register("orders", SchemaType.AVRO, "\"string\"");
    UUID second = glue.register("orders", SchemaType.AVRO, "\"long\"");

    assertThat(second).isNotEqualTo(first);
    assertThat(glue.register("orders", SchemaType.AVRO, "\"string\"")).isEqualTo(first);
    assertThat(client.fetch(new SchemaRef.GlueVersionId(first)).text()).isEqualTo("\"string\"");
    assertThat(client.fetch(new SchemaRef.GlueVersionId(second)).text()).isEqualTo("\"long\"");
  }

  @Test
  void unknownVersionIsSchemaNotFound() {
    UUID unknown = UUID.fromString("6f1c3b2a-9d8e-4f7a-b6c5-d4e3f2a1b0c9");

    assertThatThrownBy(() -> client.fetch(new SchemaRef.GlueVersionId(unknown)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessageStartingWith(
            "Schema Glue version " + unknown + " is not in the AWS Glue schema registry in "
                + "us-east-1 at " + glue.endpoint() + " (Schema version is not found.)");
  }

  @Test
  void unavailableGlueIsRegistryUnavailable() {
    UUID version = glue.register("orders", SchemaType.AVRO, "\"string\"");
    glue.setAvailable(false);

    assertThatThrownBy(() -> client.fetch(new SchemaRef.GlueVersionId(version)))
        .isInstanceOfSatisfying(
            RegistryUnavailableException.class,
            e -> assertThat(e.fault()).isEqualTo(RegistryUnavailableException.Fault.EXTERNAL))
        .hasMessageContaining(
            "with ServiceUnavailableException, HTTP 503: Service is unavailable.");

    glue.setAvailable(true);
  }
}
