package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.KafkaTableStore;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** mink table alter against a real broker and the embedded lake: the entry and the Iceberg table change together. */
class TableAlterCommandIT {
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
  void alterChangesTheEntryAndTheIcebergTablePropertiesAndSaysWhatChanged() {
    String orders = added("orders", "--option", "iceberg.write.parquet.compression-codec=snappy");

    CommandRun run = mink.run(
        "table",
        "alter",
        orders,
        "--freshness",
        "30s",
        "--option",
        "iceberg.write.parquet.row-group-size-bytes=1048576",
        "--unset-option",
        "iceberg.write.parquet.compression-codec",
        "--auto-compaction",
        "true");

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo("Altered table " + orders + ":\n"
            + "  freshness: 3m -> 30s\n"
            + "  iceberg.write.parquet.row-group-size-bytes: (not set) -> 1048576\n"
            + "  iceberg.write.parquet.compression-codec: snappy -> (not set)\n"
            + "  auto-compaction: false -> true\n"
            + "The sidecar applies the new settings once it reads the tables topic again.\n");
    TableDescriptor entry = mink.entry(orders);
    assertThat(entry.freshness()).isEqualTo(Duration.ofSeconds(30));
    assertThat(entry.options())
        .containsOnlyKeys("iceberg.write.parquet.row-group-size-bytes", "auto-compaction");
    assertThat(mink.icebergTable(orders).properties())
        .containsEntry("mink.freshness", "30s")
        .containsEntry("write.parquet.row-group-size-bytes", "1048576")
        .containsEntry("write.parquet.compression-codec", "zstd")
        .containsEntry("mink.auto-compaction", "true");

    CommandRun again =
        mink.run("table", "alter", orders, "--freshness", "30s", "--auto-compaction", "true");

    assertThat(again.out())
        .isEqualTo("Table " + orders + " already has these settings: nothing changed.\n");
  }

  @Test
  void timeAsIsSetAndUnsetByItsOptionName() {
    String rides = added("rides", "--option", "mink.time-as=time");

    CommandRun set = mink.run("table", "alter", rides, "--option", "mink.time-as=long");

    assertThat(set.exitCode()).as(set.err()).isZero();
    assertThat(set.out()).contains("  mink.time-as: time -> long\n");
    assertThat(mink.entry(rides).options()).containsEntry("time-as", "long");
    assertThat(mink.icebergTable(rides).properties()).containsEntry("mink.time-as", "long");

    CommandRun unset = mink.run("table", "alter", rides, "--unset-option", "mink.time-as");

    assertThat(unset.exitCode()).as(unset.err()).isZero();
    assertThat(unset.out()).contains("  mink.time-as: long -> (not set)\n");
    assertThat(mink.entry(rides).options()).doesNotContainKey("time-as");
    assertThat(mink.icebergTable(rides).properties()).doesNotContainKey("mink.time-as");
  }

  @Test
  void snapshotRetentionSetsTheSnapshotAgeOtherEnginesExpireBy() {
    String orders = added("orders", "--option", "mink.snapshot-retention=PT2H");

    assertThat(mink.entry(orders).options()).containsEntry("snapshot-retention", "2h");
    CommandRun set = mink.run("table", "alter", orders, "--option", "mink.snapshot-retention=7d");
    CommandRun bad = mink.run("table", "alter", orders, "--option", "mink.snapshot-retention=0s");

    assertThat(set.exitCode()).as(set.err()).isZero();
    assertThat(set.out()).contains("  mink.snapshot-retention: 2h -> 7d\n");
    assertThat(mink.icebergTable(orders).properties())
        .containsEntry("mink.snapshot-retention", "7d")
        .containsEntry("history.expire.max-snapshot-age-ms", "604800000");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err())
        .isEqualTo("Error: Invalid mink.snapshot-retention '0s': use a duration of at least 1s, "
            + "such as 1h or 7d (docs/operations.md \"Snapshots and files over time\")\n");

    CommandRun unset =
        mink.run("table", "alter", orders, "--unset-option", "mink.snapshot-retention");

    assertThat(unset.exitCode()).as(unset.err()).isZero();
    assertThat(mink.icebergTable(orders).properties())
        .doesNotContainKey("mink.snapshot-retention")
        .containsEntry("history.expire.max-snapshot-age-ms", "3600000");
  }

  @Test
  void formatVersionGoesFromTwoToThreeAndNeverBack() {
    String orders = added("orders");

    CommandRun up = mink.run("table", "alter", orders, "--option", "iceberg.format-version=3");
    CommandRun down = mink.run("table", "alter", orders, "--option", "iceberg.format-version=2");

    assertThat(up.exitCode()).isZero();
    Table table = mink.icebergTable(orders);
    assertThat(((HasTableOperations) table).operations().current().formatVersion())
        .isEqualTo(3);
    assertThat(mink.entry(orders).options()).containsEntry("iceberg.format-version", "3");
    assertThat(down.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(down.err())
        .isEqualTo("Error: Cannot lower the format version of table " + orders + " from 3 to 2: "
            + "Iceberg format versions only go up; leave the table at version 3\n");
  }

  @Test
  void aPartitionSpecChangeSaysWhatToDoInstead() {
    CommandRun run =
        mink.run("table", "alter", "kafka.orders", "--partition-by", "day(_kafka_timestamp)");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(run.err())
        .isEqualTo("Error: mink table alter does not change the partition spec: remove the table "
            + "and add it again with --partition-by, or change the spec with your engine (Spark: ALTER TABLE "
            + "kafka.orders ADD PARTITION FIELD day(_kafka_timestamp))\n");
  }

  @Test
  void theModeIsFixedAndAlterSaysToRemoveAndAddTheTableAgain() {
    String customers = added("customers", "--mode", "upsert");

    CommandRun mode = mink.run("table", "alter", customers, "--mode", "append");
    CommandRun cdc = mink.run("table", "alter", customers, "--cdc", "debezium");
    CommandRun option = mink.run("table", "alter", customers, "--option", "mink.mode=append");
    CommandRun unset = mink.run("table", "alter", customers, "--unset-option", "mink.mode");

    assertThat(mode.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(mode.err())
        .isEqualTo("Error: mink table alter does not change a table's mode (--mode append): the "
            + "mode is fixed when a table is added. Remove the table with mink table remove "
            + customers + ", then add its topic again with --mode append\n");
    assertThat(cdc.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(cdc.err())
        .contains("(--cdc debezium)", "then add its topic again with --cdc debezium");
    for (CommandRun run : List.of(option, unset)) {
      assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE.code());
      assertThat(run.err())
          .isEqualTo("Error: Option mink.mode is not set with --option: a table's mode and cdc "
              + "are given when it is added, with mink table add --mode and --cdc, and stay "
              + "fixed. To change them, remove the table (mink table remove) and add it again "
              + "with the new mode\n");
    }
    assertThat(mink.entry(customers).options()).containsEntry("mode", "upsert");
    assertThat(mink.icebergTable(customers).properties()).containsEntry("mink.mode", "upsert");
  }

  @Test
  void anUpsertTableIsAlteredLikeAnyOther() {
    String customers = added("customers", "--mode", "upsert");

    CommandRun run = mink.run("table", "alter", customers, "--freshness", "30s");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(mink.entry(customers).options()).containsEntry("mode", "upsert");
  }

  @Test
  void aMissingTableCanBeAlteredAndAReplacedOneCannot() {
    String refunds = added("refunds");
    String events = added("events");
    moveTo(refunds, LifecycleState.MISSING);
    moveTo(events, LifecycleState.REPLACED);

    CommandRun missing = mink.run("table", "alter", refunds, "--freshness", "1m");
    CommandRun replaced = mink.run("table", "alter", events, "--freshness", "1m");

    assertThat(missing.exitCode()).isZero();
    assertThat(mink.entry(refunds).freshness()).isEqualTo(Duration.ofMinutes(1));
    assertThat(mink.entry(refunds).state()).isEqualTo(LifecycleState.MISSING);
    assertThat(replaced.exitCode()).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(replaced.err())
        .isEqualTo("Error: Table " + events + " is replaced (its topic was deleted and created "
            + "again), so it cannot be altered: run mink table remove " + events
            + " and add it again\n");
  }

  @Test
  void nothingToAlterIsAUsageError() {
    CommandRun run = mink.run("table", "alter", "kafka.orders");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(run.err())
        .isEqualTo("Error: Nothing to alter: give --freshness, --option, --unset-option or "
            + "--auto-compaction\n");
  }

  private String added(String prefix, String... options) {
    String topic = mink.topic(prefix, 1);
    String[] args = new String[3 + options.length];
    args[0] = "table";
    args[1] = "add";
    args[2] = topic;
    System.arraycopy(options, 0, args, 3, options.length);
    assertThat(mink.run(args).exitCode()).isZero();
    return "kafka." + topic;
  }

  private void moveTo(String table, LifecycleState state) {
    try (KafkaTableStore store = mink.store()) {
      TableDescriptor current = store.find(table).orElseThrow();
      assertThat(store.replace(
              current,
              current.withLifecycle(new Lifecycle(state, Instant.now(), "a test moved it"))))
          .isTrue();
    }
  }
}
