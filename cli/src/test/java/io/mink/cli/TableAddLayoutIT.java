package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.PartitionSpecs;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** mink table add --option and --partition-by: what reaches the Iceberg table and the descriptor. */
class TableAddLayoutIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path workingDirectory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, workingDirectory);
  }

  @Test
  void tablesArePartitionedByKafkaPartitionByDefault() {
    KAFKA.createTopic("plain_orders", 2);

    CommandRun run = run("table", "add", "plain_orders");

    assertThat(run.exitCode()).as(run.err()).isZero();
    Table table = table("plain_orders");
    assertThat(PartitionSpecs.describe(table.spec())).isEqualTo("identity(_kafka_partition)");
    assertThat(descriptor("plain_orders").options()).isEmpty();
  }

  @Test
  void icebergOptionsSelectVersionThreeAndPassThroughToTheTable() {
    KAFKA.createTopic("v3_orders", 1);

    CommandRun run = run(
        "table",
        "add",
        "v3_orders",
        "--option",
        "iceberg.format-version=3",
        "--option",
        "iceberg.write.parquet.row-group-size-bytes=1048576");

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    Table table = table("v3_orders");
    assertThat(((HasTableOperations) table).operations().current().formatVersion())
        .isEqualTo(3);
    assertThat(table.properties())
        .containsEntry("write.parquet.row-group-size-bytes", "1048576")
        .containsEntry("write.delete.mode", "merge-on-read")
        .containsEntry("mink.freshness", "3m");
    assertThat(descriptor("v3_orders").options())
        .isEqualTo(Map.of(
            "iceberg.format-version",
            "3",
            "iceberg.write.parquet.row-group-size-bytes",
            "1048576"));
  }

  @Test
  void timeAsIsRecordedAsATableOptionAndProperty() {
    KAFKA.createTopic("rides", 1);

    CommandRun run = run("table", "add", "rides", "--option", "mink.time-as=String");
    CommandRun bad = run("table", "add", "rides", "--option", "mink.time-as=micros");
    CommandRun otherMink = run("table", "add", "rides", "--option", "mink.freshness=1m");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(descriptor("rides").options()).isEqualTo(Map.of("time-as", "string"));
    assertThat(table("rides").properties()).containsEntry("mink.time-as", "string");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err())
        .isEqualTo("Error: Invalid mink.time-as 'micros': use time, long, string "
            + "(docs/querying.md \"Times of day\")\n");
    assertThat(otherMink.exitCode()).isEqualTo(2);
    assertThat(otherMink.err())
        .startsWith("Error: Unknown table option 'mink.freshness': --option takes ");
  }

  @Test
  void autoCompactionIsATablePropertyTheRoundsRead() {
    KAFKA.createTopic("compacted_orders", 1);

    CommandRun run = run("table", "add", "compacted_orders", "--auto-compaction");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(table("compacted_orders").properties())
        .containsEntry("mink.auto-compaction", "true");
    assertThat(descriptor("compacted_orders").options()).containsEntry("auto-compaction", "true");
  }

  @Test
  void partitionByFieldsFollowKafkaPartitionAndAreRecorded() {
    KAFKA.createTopic("clicks_by_day", 1);

    CommandRun run = run(
        "table",
        "add",
        "clicks_by_day",
        "--partition-by",
        "day(_kafka_timestamp)",
        "--partition-by",
        "bucket(8, _kafka_key)");

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    Table table = table("clicks_by_day");
    assertThat(PartitionSpecs.describe(table.spec()))
        .isEqualTo("identity(_kafka_partition), day(_kafka_timestamp), bucket(8, _kafka_key)");
    assertThat(table.properties())
        .containsEntry("mink.partition-by", "day(_kafka_timestamp), bucket(8, _kafka_key)");
    assertThat(descriptor("clicks_by_day").options())
        .isEqualTo(Map.of("partition-by", "day(_kafka_timestamp), bucket(8, _kafka_key)"));
  }

  @Test
  void partitionByATypedColumnIsAUsageErrorThatSaysWhatIsAllowed() {
    KAFKA.createTopic("typed_orders", 1);

    CommandRun run = run("table", "add", "typed_orders", "--partition-by", "customer_id");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("Error: Cannot partition by identity(customer_id): the table has no column "
            + "customer_id when it is added. Typed columns appear with the first schema; partition by them later with "
            + "your engine (ALTER TABLE ... ADD PARTITION FIELD) and Mink writes by the table's current spec. When a "
            + "table is added, these can be partition fields: year, month, day or hour of _kafka_timestamp; truncate "
            + "of _kafka_offset; bucket or truncate of _kafka_key\n");
    assertThat(catalog().tableExists(TableIdentifier.of("kafka", "typed_orders")))
        .isFalse();
  }

  @Test
  void malformedPartitionFieldIsAUsageError() {
    CommandRun run = run("table", "add", "orders", "--partition-by", "week(_kafka_timestamp)");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("Error: Invalid partition field 'week(_kafka_timestamp)': unknown transform "
            + "'week'. Use a column or one of identity(col), year(col), month(col), day(col), hour(col), bucket(N, col), "
            + "truncate(W, col)\n");
  }

  @Test
  void optionsOutsideIcebergAndUnsupportedVersionsAreUsageErrors() {
    CommandRun unknown = run("table", "add", "orders", "--option", "format-version=3");
    CommandRun version = run("table", "add", "orders", "--option", "iceberg.format-version=4");
    CommandRun noValue = run("table", "add", "orders", "--option", "iceberg.format-version");

    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err())
        .isEqualTo("Error: Unknown table option 'format-version': --option takes "
            + "iceberg.<property>=<value>, such as iceberg.format-version=3 or "
            + "iceberg.write.parquet.row-group-size-bytes=67108864 (docs/layout.md), "
            + "mink.time-as=time|long|string (docs/querying.md), mink.snapshot-retention=<duration> "
            + "(docs/operations.md), mink.row-ttl=<duration> (docs/operations.md) or "
            + "mink.compact-deleted-fraction=<fraction> (docs/tables.md)\n");
    assertThat(version.exitCode()).isEqualTo(2);
    assertThat(version.err())
        .isEqualTo("Error: Unsupported iceberg.format-version '4': Mink writes Iceberg format "
            + "versions 2 (the default) and 3 (the default of upsert tables)\n");
    assertThat(noValue.exitCode()).isEqualTo(2);
    assertThat(noValue.err())
        .isEqualTo("Error: Value for option option '--option' (KEY=VALUE) should be in "
            + "KEY=VALUE format but was iceberg.format-version: see mink table add --help\n");
  }

  @Test
  void upsertTablesAreFormatThreeWithARequiredKafkaKeyAsTheirIdentifier() {
    KAFKA.createTopic("upsert_customers", 2);

    CommandRun run = run("table", "add", "upsert_customers", "--mode", "upsert");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("Added upsert table kafka.upsert_customers for topic ");
    Table table = table("upsert_customers");
    assertThat(((HasTableOperations) table).operations().current().formatVersion())
        .isEqualTo(3);
    Types.NestedField key = table.schema().findField("_kafka_key");
    assertThat(key.isRequired()).isTrue();
    assertThat(key.fieldId()).isEqualTo(4);
    assertThat(table.schema().identifierFieldIds()).containsExactly(4);
    assertThat(table.schema().findField("_kafka_value").isOptional()).isTrue();
    assertThat(PartitionSpecs.describe(table.spec())).isEqualTo("identity(_kafka_partition)");
    assertThat(table.properties())
        .containsEntry("mink.mode", "upsert")
        .doesNotContainKey("mink.cdc");
    assertThat(descriptor("upsert_customers").options()).isEqualTo(Map.of("mode", "upsert"));
  }

  @Test
  void cdcImpliesUpsertAndIsRecorded() {
    KAFKA.createTopic("cdc_customers", 1);

    CommandRun run = run("table", "add", "cdc_customers", "--cdc", "debezium");

    assertThat(run.exitCode()).as(run.err()).isZero();
    Table table = table("cdc_customers");
    assertThat(table.properties())
        .containsEntry("mink.mode", "upsert")
        .containsEntry("mink.cdc", "debezium");
    assertThat(table.schema().identifierFieldIds()).containsExactly(4);
    assertThat(descriptor("cdc_customers").options())
        .isEqualTo(Map.of("mode", "upsert", "cdc", "debezium"));
  }

  @Test
  void upsertTablesMayBeFormatTwoForPositionDeletes() {
    KAFKA.createTopic("v2_customers", 1);

    CommandRun run = run(
        "table", "add", "v2_customers", "--mode", "upsert", "--option", "iceberg.format-version=2");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(
            ((HasTableOperations) table("v2_customers")).operations().current().formatVersion())
        .isEqualTo(2);
  }

  @Test
  void badModesAndModeConflictsAreUsageErrorsAndCreateNothing() {
    KAFKA.createTopic("refused_customers", 1);

    CommandRun badMode = run("table", "add", "refused_customers", "--mode", "merge");
    CommandRun badCdc = run("table", "add", "refused_customers", "--cdc", "maxwell");
    CommandRun appendCdc =
        run("table", "add", "refused_customers", "--mode", "append", "--cdc", "debezium");
    CommandRun partitioned = run(
        "table",
        "add",
        "refused_customers",
        "--mode",
        "upsert",
        "--partition-by",
        "day(_kafka_timestamp)");
    CommandRun modeOption =
        run("table", "add", "refused_customers", "--option", "mink.mode=upsert");

    assertThat(badMode.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(badMode.err())
        .isEqualTo("Error: Invalid table mode 'merge': use append or upsert (docs/tables.md "
            + "\"Upsert tables\")\n");
    assertThat(badCdc.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(badCdc.err())
        .isEqualTo("Error: Invalid cdc format 'maxwell': use debezium (docs/tables.md "
            + "\"Upsert tables\")\n");
    assertThat(appendCdc.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(appendCdc.err())
        .isEqualTo("Error: Cannot use --cdc debezium with --mode append: CDC tables are upsert "
            + "tables. Leave out --mode, or give --mode upsert\n");
    assertThat(partitioned.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(partitioned.err())
        .isEqualTo("Error: Cannot use --partition-by with --mode upsert: an upsert table is "
            + "partitioned by _kafka_partition only, because a key's row must stay in its Kafka "
            + "partition's files. Leave out --partition-by\n");
    assertThat(modeOption.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(modeOption.err()).startsWith("Error: Option mink.mode is not set with --option: ");
    assertThat(catalog().tableExists(TableIdentifier.of("kafka", "refused_customers")))
        .isFalse();
  }

  @Test
  void helpShowsTheNewOptions() {
    CommandRun help = run("table", "add", "--help");

    assertThat(help.out())
        .contains(
            "--option=KEY=VALUE",
            "--partition-by=FIELD",
            "--attach",
            "mink table add orders --partition-by 'day(_kafka_timestamp)'");
  }

  private CommandRun run(String... args) {
    return mink.run(args);
  }

  private Table table(String name) {
    return mink.icebergTable("kafka." + name);
  }

  private TableDescriptor descriptor(String name) {
    return mink.entry("kafka." + name);
  }

  private Catalog catalog() {
    return mink.lake().catalog();
  }
}
