package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.KafkaColumns;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.PlainDataFiles;
import io.mink.testkit.TestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** mink table add --attach on tables that plain Iceberg wrote: what it records, and what it refuses untouched. */
class TableAddAttachIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path workingDirectory;

  private String tablesTopic;
  private Map<String, String> variables;
  private Catalog catalog;

  @BeforeEach
  void environment() {
    tablesTopic = "_tables_" + UUID.randomUUID().toString().substring(0, 8);
    variables = Map.of(
        "MINK_KAFKA_BOOTSTRAP_SERVERS",
        KAFKA.bootstrapServers(),
        "MINK_INDEXER_TABLES_TOPIC",
        tablesTopic);
    catalog = CatalogLoader.load(LakeSettings.embedded(workingDirectory.resolve("mink-warehouse")));
    ((SupportsNamespaces) catalog).createNamespace(Namespace.of("kafka"));
  }

  @Test
  void attachRecordsTheTableAndStartsAfterItsHighestOffsets() {
    String topic = topicWithRecords("orders", 150);
    Table table = plainTable(topic, columns(), TableAddAttachIT::kafkaPartitionSpec, 2);
    PlainDataFiles.append(table, 0, 0, 100);
    long dataSnapshot = table.currentSnapshot().snapshotId();

    CommandRun run = run("table", "add", topic, "--attach", "--freshness", "1m");

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo("Attached table kafka." + topic + " to topic " + topic + " (1 partition, "
            + "topic id " + KAFKA.topicId(topic)
            + "): its rows stay as they are, indexing starts at offsets {\"0\":100} "
            + "(from the _kafka_offset bounds of snapshot " + dataSnapshot
            + "). The sidecar indexes it every 1m.\n");
    table.refresh();
    assertThat(MinkSnapshot.newest(metadata(table)).map(MinkSnapshot::offsets))
        .contains(LakeOffsets.of(Map.of(0, 100L)));
    assertThat(table.currentSnapshot().parentId()).isEqualTo(dataSnapshot);
    assertThat(table.properties())
        .containsEntry("mink.topic", topic)
        .containsEntry("mink.attach", "true")
        .containsEntry("mink.topic-id", KAFKA.topicId(topic).toString());
    assertThat(rows(table)).hasSize(100).allMatch(row -> "plain".equals(row.getField("note")));
    Optional<TableDescriptor> descriptor = store().find("kafka." + topic);
    assertThat(descriptor).isPresent();
    assertThat(descriptor.get().options()).isEqualTo(Map.of("attach", "true"));
  }

  @Test
  void attachingAnAbsentTableIsAConflict() {
    String topic = topicWithRecords("absent", 10);

    CommandRun run = run("table", "add", topic, "--attach");

    assertThat(run.exitCode()).isEqualTo(4);
    assertThat(run.err())
        .isEqualTo("Error: Table kafka." + topic + " does not exist in the catalog, so there is "
            + "nothing to attach: leave out --attach to create it, or name the existing table with --namespace and "
            + "--name\n");
    assertThat(store().find("kafka." + topic)).isEmpty();
  }

  @Test
  void missingMetadataColumnIsRefusedAndTheTableIsUntouched() {
    List<NestedField> columns = columns();
    columns.remove(KafkaColumns.OFFSET_POSITION);

    assertRefused(
        "no_offset",
        columns,
        TableAddAttachIT::kafkaPartitionSpec,
        2,
        "it has no column _kafka_offset (long, required): "
            + "the six _kafka_* columns of docs/layout.md must be its first columns");
  }

  @Test
  void wrongColumnTypeIsRefusedAndTheTableIsUntouched() {
    List<NestedField> columns = columns();
    columns.set(
        KafkaColumns.VALUE_POSITION,
        NestedField.optional(6, "_kafka_value", Types.StringType.get()));

    assertRefused(
        "string_value",
        columns,
        TableAddAttachIT::kafkaPartitionSpec,
        2,
        "column _kafka_value is string, not binary: Mink writes _kafka_value as binary");
  }

  @Test
  void specWithoutKafkaPartitionIsRefusedAndTheTableIsUntouched() {
    assertRefused(
        "unpartitioned",
        columns(),
        schema -> PartitionSpec.unpartitioned(),
        2,
        "it is unpartitioned: Mink pairs data files with Kafka partitions through identity(_kafka_partition); add "
            + "it (Spark: ALTER TABLE kafka.%s ADD PARTITION FIELD _kafka_partition)");
  }

  @Test
  void formatVersionOneIsRefusedAndTheTableIsUntouched() {
    assertRefused(
        "version_one",
        columns(),
        TableAddAttachIT::kafkaPartitionSpec,
        1,
        "it has Iceberg format version 1 and Mink writes versions 2 and 3: upgrade it first (Spark: ALTER TABLE "
            + "kafka.%s SET TBLPROPERTIES ('format-version'='2'))");
  }

  @Test
  void tableHoldingOffsetsPastTheTopicIsRefusedAndUntouched() {
    String topic = topicWithRecords("short_topic", 50);
    Table table = plainTable(topic, columns(), TableAddAttachIT::kafkaPartitionSpec, 2);
    PlainDataFiles.append(table, 0, 0, 100);
    String before = metadata(table).metadataFileLocation();

    CommandRun run = run("table", "add", topic, "--attach");

    assertThat(run.exitCode()).isEqualTo(4);
    assertThat(run.err())
        .isEqualTo("Error: Cannot attach table kafka." + topic + ": it holds partition 0 up to "
            + "offset 99, but topic " + topic
            + " ends at offset 50: is it the table of another topic or cluster?\n");
    table.refresh();
    assertThat(metadata(table).metadataFileLocation()).isEqualTo(before);
  }

  @Test
  void upsertAttachNeedsARequiredKafkaKeyAsTheIdentifier() {
    String topic = topicWithRecords("keyless", 10);
    Table table = plainTable(topic, columns(), TableAddAttachIT::kafkaPartitionSpec, 2);
    String before = metadata(table).metadataFileLocation();

    CommandRun run = run("table", "add", topic, "--attach", "--mode", "upsert");

    assertThat(run.exitCode()).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(run.err())
        .isEqualTo("Error: Cannot attach table kafka." + topic + ": column _kafka_key is "
            + "optional, but an upsert table needs it required and as its identifier field, and "
            + "Iceberg does not make an optional column required: add the topic as a new upsert "
            + "table (without --attach, or with another --name), or attach this table with "
            + "--mode append\n");
    table.refresh();
    assertThat(metadata(table).metadataFileLocation()).isEqualTo(before);
    assertThat(store().find("kafka." + topic)).isEmpty();
  }

  @Test
  void upsertAttachOfATableKeyedOnKafkaKeyRecordsTheMode() {
    String topic = topicWithRecords("keyed", 10);
    List<NestedField> columns = new ArrayList<>(KafkaColumns.UPSERT_SCHEMA.columns());
    columns.add(NestedField.optional(20, "note", Types.StringType.get()));
    Schema schema = new Schema(columns, Set.of(KafkaColumns.KEY_ID));
    Table table = catalog.createTable(
        TableIdentifier.of("kafka", topic),
        schema,
        kafkaPartitionSpec(schema),
        Map.of("format-version", "3"));

    CommandRun run = run("table", "add", topic, "--attach", "--mode", "upsert");

    assertThat(run.exitCode()).as(run.err()).isZero();
    table.refresh();
    assertThat(table.properties()).containsEntry("mink.mode", "upsert");
    assertThat(store().find("kafka." + topic).orElseThrow().options())
        .isEqualTo(Map.of("attach", "true", "mode", "upsert"));
  }

  @Test
  void partitionByAndFormatVersionDoNotApplyToAttachedTables() {
    CommandRun partitionBy =
        run("table", "add", "orders", "--attach", "--partition-by", "day(_kafka_timestamp)");
    CommandRun version =
        run("table", "add", "orders", "--attach", "--option", "iceberg.format-version=3");

    assertThat(partitionBy.exitCode()).isEqualTo(2);
    assertThat(partitionBy.err())
        .isEqualTo(
            "Error: --partition-by applies to a table Mink creates: an attached "
                + "table keeps its partition spec. Leave out --partition-by, or change the spec with your engine\n");
    assertThat(version.exitCode()).isEqualTo(2);
    assertThat(version.err())
        .isEqualTo(
            "Error: iceberg.format-version applies to a table Mink creates: an attached "
                + "table keeps its format version. Leave out the option, or upgrade the table with your engine\n");
  }

  private void assertRefused(
      String name,
      List<NestedField> columns,
      java.util.function.Function<Schema, PartitionSpec> spec,
      int formatVersion,
      String problem) {
    String topic = topicWithRecords(name, 10);
    Table table = plainTable(topic, columns, spec, formatVersion);
    String before = metadata(table).metadataFileLocation();

    CommandRun run = run("table", "add", topic, "--attach");

    assertThat(run.exitCode()).isEqualTo(4);
    assertThat(run.err())
        .isEqualTo("Error: Cannot attach table kafka." + topic + ": " + problem.replace("%s", topic)
            + "\n");
    table.refresh();
    assertThat(metadata(table).metadataFileLocation()).isEqualTo(before);
    assertThat(table.properties()).doesNotContainKey("mink.topic");
    assertThat(store().find("kafka." + topic)).isEmpty();
  }

  private static String topicWithRecords(String prefix, int count) {
    String topic = prefix + "_" + UUID.randomUUID().toString().substring(0, 6);
    KAFKA.createTopic(topic, 1);
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          0, null, ("v" + i).getBytes(StandardCharsets.UTF_8), List.of(), 1_700_000_000_000L + i));
    }
    KAFKA.produce(topic, records);
    return topic;
  }

  private static List<NestedField> columns() {
    List<NestedField> columns = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    columns.add(NestedField.optional(20, "note", Types.StringType.get()));
    return columns;
  }

  private static PartitionSpec kafkaPartitionSpec(Schema schema) {
    return PartitionSpec.builderFor(schema).identity(KafkaColumns.PARTITION).build();
  }

  private Table plainTable(
      String name,
      List<NestedField> columns,
      java.util.function.Function<Schema, PartitionSpec> spec,
      int formatVersion) {
    Schema schema = new Schema(columns);
    return catalog.createTable(
        TableIdentifier.of("kafka", name),
        schema,
        spec.apply(schema),
        Map.of("format-version", Integer.toString(formatVersion)));
  }

  private static List<Record> rows(Table table) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private static TableMetadata metadata(Table table) {
    return ((HasTableOperations) table).operations().current();
  }

  private CommandRun run(String... args) {
    return CommandRun.of(workingDirectory, variables, args);
  }

  private KafkaTableStore store() {
    return new KafkaTableStore(
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "t"),
        tablesTopic);
  }
}
