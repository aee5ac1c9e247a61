package io.mink.indexer.decoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaRef;
import io.mink.schema.registry.SchemaReference;
import io.mink.schema.registry.SchemaType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WriterSchemaFilesTest {
  private static final RegisteredSchema WITH_REFERENCE = new RegisteredSchema(
      SchemaType.PROTOBUF,
      "syntax = \"proto3\"; import \"money.proto\"; message Order { Money total = 1; }",
      List.of(new SchemaReference(
          "money.proto",
          "money-value",
          3,
          RegisteredSchema.of(
              SchemaType.PROTOBUF, "syntax = \"proto3\"; message Money { int64 cents = 1; }"))));

  @Test
  void eachKindOfRefHasItsOwnFolderUnderTheTableMetadata() {
    UUID guid = UUID.fromString("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");
    assertThat(WriterSchemaFiles.location("s3://lake/db/orders/", new SchemaRef.ConfluentId(42)))
        .contains("s3://lake/db/orders/metadata/mink-writer-schemas/confluent-id/42.json");
    assertThat(WriterSchemaFiles.location("/lake/orders", new SchemaRef.ConfluentId(-1)))
        .contains("/lake/orders/metadata/mink-writer-schemas/confluent-id/4294967295.json");
    assertThat(WriterSchemaFiles.location("/lake/orders", new SchemaRef.SchemaGuid(guid)))
        .contains("/lake/orders/metadata/mink-writer-schemas/confluent-guid/" + guid + ".json");
    assertThat(WriterSchemaFiles.location("/lake/orders", new SchemaRef.GlueVersionId(guid)))
        .contains("/lake/orders/metadata/mink-writer-schemas/glue-version/" + guid + ".json");
    assertThat(WriterSchemaFiles.location("/lake/orders", new SchemaRef.InRecord("ab12")))
        .isEmpty();
  }

  @Test
  void aKeptSchemaReadsBackWithItsReferencesAndOffsets() {
    KeptSchema kept = KeptSchema.from(WITH_REFERENCE, Map.of(0, 120L, 3, 0L));

    KeptSchema read = WriterSchemaFiles.decode(WriterSchemaFiles.encode(kept));

    assertThat(read).isEqualTo(kept);
    assertThat(new String(WriterSchemaFiles.encode(kept), StandardCharsets.UTF_8))
        .contains("\"type\":\"PROTOBUF\"")
        .contains("\"keptFrom\":{\"0\":120,\"3\":0}");
  }

  @Test
  void aSchemaKeptAfterTheRegistryMissedItHasNoOffsets() {
    KeptSchema kept =
        new KeptSchema(RegisteredSchema.of(SchemaType.AVRO, "\"long\""), Optional.empty());

    KeptSchema read = WriterSchemaFiles.decode(WriterSchemaFiles.encode(kept));

    assertThat(read.keptFrom()).isEmpty();
    assertThat(read.hadWhenWritten(0, Long.MAX_VALUE)).isFalse();
  }

  @Test
  void aRecordWasWrittenWithTheSchemaFromTheKeepingRoundsOffsetsOn() {
    KeptSchema kept =
        KeptSchema.from(RegisteredSchema.of(SchemaType.JSON, "{}"), Map.of(0, 120L, 1, 7L));

    assertThat(kept.hadWhenWritten(0, 119)).isFalse();
    assertThat(kept.hadWhenWritten(0, 120)).isTrue();
    assertThat(kept.hadWhenWritten(1, 6)).isFalse();
    assertThat(kept.hadWhenWritten(2, 0))
        .as("a partition the round did not list")
        .isTrue();
  }

  @Test
  void bytesThatAreNoKeptSchemaSayWhatIsWrong() {
    assertThatThrownBy(
            () -> WriterSchemaFiles.decode("{\"type\":\"AVRO\"}".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not a Mink writer schema file: field text is missing");
    assertThatThrownBy(
            () -> WriterSchemaFiles.decode("{\"type\":\"AV".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("not a Mink writer schema file: ");
  }
}
