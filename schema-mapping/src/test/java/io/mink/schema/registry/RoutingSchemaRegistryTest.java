package io.mink.schema.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RoutingSchemaRegistryTest {
  private static final UUID UUID_1 = UUID.fromString("6f1c3b2a-9d8e-4f7a-b6c5-d4e3f2a1b0c9");
  private static final SchemaRegistry CONFLUENT =
      ref -> RegisteredSchema.of(SchemaType.AVRO, "confluent");
  private static final SchemaRegistry GLUE = ref -> RegisteredSchema.of(SchemaType.AVRO, "glue");

  private final RoutingSchemaRegistry both =
      new RoutingSchemaRegistry(Optional.of(CONFLUENT), Optional.of(GLUE));

  @Test
  void confluentIdsAndGuidsGoToConfluent() throws Exception {
    assertThat(both.fetch(new SchemaRef.ConfluentId(1)).text()).isEqualTo("confluent");
    assertThat(both.fetch(new SchemaRef.SchemaGuid(UUID_1)).text()).isEqualTo("confluent");
  }

  @Test
  void glueVersionsGoToGlue() throws Exception {
    assertThat(both.fetch(new SchemaRef.GlueVersionId(UUID_1)).text()).isEqualTo("glue");
  }

  @Test
  void glueVersionWithoutGlueNamesTheMissingSetting() {
    RoutingSchemaRegistry confluentOnly =
        new RoutingSchemaRegistry(Optional.of(CONFLUENT), Optional.empty());

    assertThatThrownBy(() -> confluentOnly.fetch(new SchemaRef.GlueVersionId(UUID_1)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage("Schema Glue version " + UUID_1
            + " names an AWS Glue schema version, but Mink has no AWS Glue "
            + "schema registry configured: set the Glue registry's region in Mink's schema registry settings to decode"
            + " records written by the Glue serializer");
  }

  @Test
  void confluentIdWithoutConfluentNamesTheMissingSetting() {
    RoutingSchemaRegistry glueOnly = new RoutingSchemaRegistry(Optional.empty(), Optional.of(GLUE));

    assertThatThrownBy(() -> glueOnly.fetch(new SchemaRef.ConfluentId(7)))
        .isInstanceOf(SchemaNotFoundException.class)
        .hasMessage(
            "Schema id 7 names a Confluent schema id, but Mink has no Confluent-compatible schema registry "
                + "configured: set the registry's URL in Mink's schema registry settings to decode records written by "
                + "Confluent-compatible serializers");
  }

  @Test
  void closingClosesTheRegistriesThatHoldResources() {
    java.util.concurrent.atomic.AtomicInteger closed =
        new java.util.concurrent.atomic.AtomicInteger();
    class Closeable implements SchemaRegistry, AutoCloseable {
      @Override
      public RegisteredSchema fetch(SchemaRef ref) {
        return RegisteredSchema.of(SchemaType.AVRO, "x");
      }

      @Override
      public void close() {
        closed.incrementAndGet();
      }
    }

    new CachingSchemaRegistry(
            new RoutingSchemaRegistry(Optional.of(new Closeable()), Optional.of(new Closeable())))
        .close();

    assertThat(closed).hasValue(2);
  }
}
