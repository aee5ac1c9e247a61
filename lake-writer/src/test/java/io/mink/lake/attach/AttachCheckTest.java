package io.mink.lake.attach;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import io.mink.lake.PartitionSpecs;
import io.mink.lake.TableMode;
import io.mink.schema.KafkaColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SortOrder;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.Test;

class AttachCheckTest {
  private static final String TABLE = "kafka.orders";

  @Test
  void minkSchemaWithMoreOptionalColumnsAndKafkaPartitionSpecPasses() {
    Schema schema = withExtra(NestedField.optional(20, "customer", Types.StringType.get()));
    PartitionSpec spec = PartitionSpec.builderFor(schema)
        .identity(KafkaColumns.PARTITION)
        .day(KafkaColumns.TIMESTAMP)
        .build();

    assertThat(AttachCheck.problems(TABLE, metadata(schema, spec, 2, Map.of()), "orders"))
        .isEmpty();
    assertThat(AttachCheck.problems(
            TABLE, metadata(schema, spec, 3, Map.of("mink.topic", "orders")), "orders"))
        .isEmpty();
  }

  @Test
  void fieldIdsMayDifferFromMinksOwn() {
    Schema renumbered = new Schema(
        NestedField.required(11, "_kafka_partition", Types.IntegerType.get()),
        NestedField.required(12, "_kafka_offset", Types.LongType.get()),
        NestedField.optional(13, "_kafka_timestamp", Types.TimestampType.withZone()),
        NestedField.optional(14, "_kafka_key", Types.BinaryType.get()),
        NestedField.optional(
            15,
            "_kafka_headers",
            Types.ListType.ofRequired(
                16,
                Types.StructType.of(
                    NestedField.required(17, "key", Types.StringType.get()),
                    NestedField.optional(18, "value", Types.BinaryType.get())))),
        NestedField.optional(19, "_kafka_value", Types.BinaryType.get()));

    assertThat(AttachCheck.schemaProblems(TABLE, renumbered)).isEmpty();
  }

  @Test
  void missingColumnIsRefused() {
    List<NestedField> columns = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    columns.remove(KafkaColumns.OFFSET_POSITION);

    assertThat(AttachCheck.schemaProblems(TABLE, new Schema(columns)))
        .containsExactly(
            "it has no column _kafka_offset (long, required): the six _kafka_* columns of docs/layout.md must be its "
                + "first columns");
  }

  @Test
  void wrongTypeIsRefused() {
    Schema schema = replace(
        KafkaColumns.OFFSET_POSITION,
        NestedField.required(2, "_kafka_offset", Types.IntegerType.get()));

    assertThat(AttachCheck.schemaProblems(TABLE, schema))
        .containsExactly(
            "column _kafka_offset is int, not long: Mink writes _kafka_offset as long");
  }

  @Test
  void wrongNestedTypeIsRefusedWithItsShape() {
    Schema schema = replace(
        KafkaColumns.HEADERS_POSITION,
        NestedField.optional(
            5,
            "_kafka_headers",
            Types.MapType.ofOptional(7, 8, Types.StringType.get(), Types.BinaryType.get())));

    assertThat(AttachCheck.schemaProblems(TABLE, schema))
        .containsExactly(
            "column _kafka_headers is map<string, optional binary>, not list<struct<key: string, value: optional "
                + "binary>>: Mink writes _kafka_headers as list<struct<key: string, value: optional binary>>");
  }

  @Test
  void wrongNullabilityIsRefused() {
    Schema schema = replace(
        KafkaColumns.TIMESTAMP_POSITION,
        NestedField.required(3, "_kafka_timestamp", Types.TimestampType.withZone()));

    assertThat(AttachCheck.schemaProblems(TABLE, schema))
        .containsExactly(
            "column _kafka_timestamp is required, not optional: Mink writes null into it (Spark: ALTER TABLE "
                + "kafka.orders ALTER COLUMN _kafka_timestamp DROP NOT NULL)");
  }

  @Test
  void metadataColumnsOutOfOrderAreRefused() {
    List<NestedField> columns = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    columns.add(0, columns.remove(KafkaColumns.VALUE_POSITION));

    assertThat(AttachCheck.schemaProblems(TABLE, new Schema(columns)))
        .containsExactly(
            "its first columns are _kafka_value, _kafka_partition, _kafka_offset, _kafka_timestamp, _kafka_key, "
                + "_kafka_headers: the six _kafka_* columns must come first, in the order _kafka_partition, "
                + "_kafka_offset, _kafka_timestamp, _kafka_key, _kafka_headers, _kafka_value (Spark: ALTER TABLE "
                + "kafka.orders ALTER COLUMN ... AFTER ...)");
  }

  @Test
  void requiredOtherColumnIsRefused() {
    assertThat(AttachCheck.schemaProblems(
            TABLE, withExtra(NestedField.required(20, "customer", Types.StringType.get()))))
        .containsExactly(
            "column customer is required, but Mink leaves a column null when a record does not fill it: make it "
                + "optional (Spark: ALTER TABLE kafka.orders ALTER COLUMN customer DROP NOT NULL)");
  }

  @Test
  void specWithoutKafkaPartitionIdentityIsRefused() {
    PartitionSpec byDay = PartitionSpec.builderFor(KafkaColumns.SCHEMA)
        .day(KafkaColumns.TIMESTAMP)
        .build();

    assertThat(AttachCheck.specProblems(TABLE, byDay))
        .containsExactly(
            "its partition spec is day(_kafka_timestamp), without identity(_kafka_partition): Mink pairs data files "
                + "with Kafka partitions through identity(_kafka_partition); add it (Spark: ALTER TABLE kafka.orders "
                + "ADD PARTITION FIELD _kafka_partition)");
    assertThat(AttachCheck.specProblems(TABLE, PartitionSpec.unpartitioned()))
        .containsExactly(
            "it is unpartitioned: Mink pairs data files with Kafka partitions through identity(_kafka_partition); "
                + "add it (Spark: ALTER TABLE kafka.orders ADD PARTITION FIELD _kafka_partition)");
  }

  @Test
  void formatVersionsOtherThanTwoAndThreeAreRefused() {
    assertThat(AttachCheck.formatVersionProblems(TABLE, 1))
        .containsExactly(
            "it has Iceberg format version 1 and Mink writes versions 2 and 3: upgrade it first (Spark: ALTER TABLE "
                + "kafka.orders SET TBLPROPERTIES ('format-version'='2'))");
    assertThat(AttachCheck.formatVersionProblems(TABLE, 4))
        .containsExactly(
            "it has Iceberg format version 4 and Mink writes versions 2 and 3: attach a table of version 2 or 3");
  }

  @Test
  void tableOfAnotherTopicIsRefused() {
    TableMetadata metadata = metadata(
        KafkaColumns.SCHEMA,
        PartitionSpecs.kafka(KafkaColumns.SCHEMA),
        2,
        Map.of("mink.topic", "payments"));

    assertThat(AttachCheck.problems(TABLE, metadata, "orders"))
        .containsExactly(
            "it is the table of topic 'payments' (property mink.topic): attach it to that topic, or pick another "
                + "table with --namespace and --name");
  }

  @Test
  void baselinePastTheTopicIsRefused() {
    LakeOffsets baseline = LakeOffsets.of(Map.of(0, 100L, 1, 260L, 5, 3L));

    assertThat(AttachCheck.topicProblems("orders", baseline, Map.of(0, 150L, 1, 200L, 2, 0L)))
        .containsExactly(
            "it holds partition 1 up to offset 259, but topic orders ends at offset 200: is it the table of another "
                + "topic or cluster?",
            "it holds offsets of partition 5, but topic orders has 3 partitions: is it the table of another topic?");
    assertThat(
            AttachCheck.topicProblems("orders", LakeOffsets.of(Map.of(0, 150L)), Map.of(0, 150L)))
        .isEmpty();
  }

  @Test
  void upsertTableWithRequiredKafkaKeyAsItsIdentifierPasses() {
    TableMetadata metadata = metadata(
        KafkaColumns.UPSERT_SCHEMA,
        PartitionSpecs.kafka(KafkaColumns.UPSERT_SCHEMA),
        3,
        Map.of("mink.mode", "upsert"));

    assertThat(AttachCheck.problems(TABLE, metadata, "orders", TableMode.UPSERT))
        .isEmpty();
  }

  @Test
  void upsertAttachOfATableWithAnOptionalKeyIsRefused() {
    TableMetadata metadata =
        metadata(KafkaColumns.SCHEMA, PartitionSpecs.kafka(KafkaColumns.SCHEMA), 2, Map.of());

    assertThat(AttachCheck.problems(TABLE, metadata, "orders", TableMode.UPSERT))
        .containsExactly("column _kafka_key is optional, but an upsert table needs it required "
            + "and as its identifier field, and Iceberg does not make an optional column required: "
            + "add the topic as a new upsert table (without --attach, or with another --name), or "
            + "attach this table with --mode append");
  }

  @Test
  void upsertAttachOfATableKeyedOnAnotherFieldIsRefused() {
    Schema keyedOnOffset = new Schema(KafkaColumns.UPSERT_SCHEMA.columns(), java.util.Set.of(2));
    TableMetadata metadata =
        metadata(keyedOnOffset, PartitionSpecs.kafka(keyedOnOffset), 3, Map.of());

    assertThat(AttachCheck.problems(TABLE, metadata, "orders", TableMode.UPSERT))
        .containsExactly("its identifier fields are [_kafka_offset], not _kafka_key alone: an "
            + "upsert table keys its rows on _kafka_key (Spark: ALTER TABLE kafka.orders SET "
            + "IDENTIFIER FIELDS _kafka_key), or attach it with --mode append");
  }

  @Test
  void upsertAttachOfATablePartitionedByMoreThanKafkaPartitionIsRefused() {
    Schema schema = KafkaColumns.UPSERT_SCHEMA;
    PartitionSpec spec = PartitionSpec.builderFor(schema)
        .identity(KafkaColumns.PARTITION)
        .day(KafkaColumns.TIMESTAMP)
        .build();

    assertThat(AttachCheck.problems(
            TABLE, metadata(schema, spec, 3, Map.of()), "orders", TableMode.UPSERT))
        .containsExactly("its partition spec is identity(_kafka_partition), "
            + "day(_kafka_timestamp): an upsert table is partitioned by _kafka_partition only, "
            + "because a key's row must stay in its Kafka partition's files; drop the other "
            + "partition fields with your engine (Spark: ALTER TABLE kafka.orders DROP PARTITION "
            + "FIELD ...), or attach it with --mode append");
  }

  @Test
  void appendAttachOfAnUpsertTableIsRefused() {
    TableMetadata metadata = metadata(
        KafkaColumns.UPSERT_SCHEMA,
        PartitionSpecs.kafka(KafkaColumns.UPSERT_SCHEMA),
        3,
        Map.of("mink.mode", "upsert"));

    assertThat(AttachCheck.problems(TABLE, metadata, "orders"))
        .contains(
            "it is an upsert table (property mink.mode=upsert): attach it with --mode upsert");
  }

  private static Schema withExtra(NestedField extra) {
    List<NestedField> columns = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    columns.add(extra);
    return new Schema(columns);
  }

  private static Schema replace(int position, NestedField column) {
    List<NestedField> columns = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    columns.set(position, column);
    return new Schema(columns);
  }

  private static TableMetadata metadata(
      Schema schema, PartitionSpec spec, int formatVersion, Map<String, String> properties) {
    Map<String, String> withVersion = new java.util.HashMap<>(properties);
    withVersion.put("format-version", Integer.toString(formatVersion));
    return TableMetadata.newTableMetadata(
        schema, spec, SortOrder.unsorted(), "file:/tmp/orders", withVersion);
  }
}
