package io.mink.lake.attach;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.PartitionSpecs;
import io.mink.lake.TableMode;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.KafkaColumns;
import java.nio.file.Path;
import java.util.List;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The evolution of a table another writer made, as the Kafka Connect sink makes its own. */
class TableAdoptTest {
  private static final Schema SINK_SCHEMA = new Schema(
      Types.NestedField.optional(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "payload", Types.StringType.get()));

  @TempDir
  Path directory;

  private Catalog catalog;

  @BeforeEach
  void catalog() {
    catalog = CatalogLoader.load(LakeSettings.embedded(directory));
    ((SupportsNamespaces) catalog).createNamespace(Namespace.of("connect"));
  }

  @Test
  void addsTheKafkaColumnsOptionalInFrontAndIdentityKafkaPartition() {
    Table table = catalog.createTable(TableIdentifier.of("connect", "orders"), SINK_SCHEMA);
    assertThat(TableAdopt.needsEvolution(table.schema(), table.spec())).isTrue();

    TableAdopt.evolve(table);

    List<Types.NestedField> columns = table.schema().columns();
    assertThat(columns)
        .extracting(Types.NestedField::name)
        .containsExactly(
            "_kafka_partition",
            "_kafka_offset",
            "_kafka_timestamp",
            "_kafka_key",
            "_kafka_headers",
            "_kafka_value",
            "id",
            "payload");
    assertThat(columns.subList(0, 6)).allMatch(Types.NestedField::isOptional);
    for (int i = 0; i < 6; i++) {
      assertThat(AttachCheck.render(columns.get(i).type()))
          .isEqualTo(AttachCheck.render(KafkaColumns.SCHEMA.columns().get(i).type()));
    }
    assertThat(table.schema().findField("id").fieldId())
        .as("the sink's columns keep their ids")
        .isEqualTo(1);
    assertThat(PartitionSpecs.kafkaPartitionIdentity(table.spec())).isZero();
    assertThat(TableAdopt.needsEvolution(table.schema(), table.spec())).isFalse();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    assertThat(AttachCheck.problems("connect.orders", metadata, "orders", TableMode.APPEND, true))
        .isEmpty();
    assertThat(AttachCheck.problems("connect.orders", metadata, "orders", TableMode.APPEND, false))
        .as("an attach without --adopt wants the columns of docs/layout.md")
        .anyMatch(
            problem -> problem.startsWith("column _kafka_partition is optional, not required"));
  }

  @Test
  void aSecondEvolutionChangesNothing() {
    Table table = catalog.createTable(TableIdentifier.of("connect", "again"), SINK_SCHEMA);
    TableAdopt.evolve(table);
    int schemaId = table.schema().schemaId();
    int specId = table.spec().specId();

    TableAdopt.evolve(table);

    assertThat(table.schema().schemaId()).isEqualTo(schemaId);
    assertThat(table.spec().specId()).isEqualTo(specId);
  }

  @Test
  void aPartitionedSinkTableKeepsItsFieldsAndGainsIdentityKafkaPartition() {
    Table table = catalog.createTable(
        TableIdentifier.of("connect", "by_payload"),
        SINK_SCHEMA,
        PartitionSpec.builderFor(SINK_SCHEMA).identity("payload").build());

    TableAdopt.evolve(table);

    assertThat(table.spec().fields()).hasSize(2);
    assertThat(PartitionSpecs.hasKafkaPartitionIdentity(table.spec())).isTrue();
  }
}
