package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.KafkaColumns;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecords;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sidecar as a process of its own, killed with SIGKILL before, during and after a commit, then
 * restarted: every offset is exactly one row, every time.
 */
class SidecarCrashIT {
  private static final Duration STEP = Duration.ofSeconds(60);
  private static final String TOPIC = "crashes";

  @RegisterExtension
  static final KafkaBroker KAFKA = SharedBroker.KAFKA;

  @TempDir
  Path directory;

  private int produced;

  @SuppressWarnings("try") // the last sidecar only needs to run while the table catches up
  @Test
  void killedBeforeDuringAndAfterCommitsEveryOffsetIsExactlyOneRow() throws Exception {
    KAFKA.createTopic(TOPIC, 3);
    Path config = writeConfig();
    CommandRun add = CommandRun.of(
        directory,
        Map.of(),
        "table",
        "add",
        TOPIC,
        "--freshness",
        "1s",
        "--config",
        config.toString());
    assertThat(add.exitCode()).as(add.err()).isZero();

    for (int iteration = 0; iteration < 2; iteration++) {
      produce(20_000);
      LakeOffsets before = offsets();
      killWhenPrinted(config, "Indexing topic " + TOPIC);
      assertThat(offsets()).as("killed before the commit").isEqualTo(before);
      assertExactlyOneRowPerIndexedOffset();

      produce(5_000);
      killWhenPrinted(config, "mink-commit-hook: swapping catalog metadata");
      assertThat(offsets())
          .as("killed during the commit, before the catalog swap")
          .isEqualTo(before);
      assertExactlyOneRowPerIndexedOffset();

      produce(5_000);
      killWhenPrinted(config, "mink-commit-hook: swapped catalog metadata");
      assertThat(offsets()).as("killed right after the catalog swap").isNotEqualTo(before);
      assertExactlyOneRowPerIndexedOffset();
    }

    try (SidecarProcess sidecar = CliSidecars.start(config, 0)) {
      awaitCaughtUp();
    }
    assertThat(assertExactlyOneRowPerIndexedOffset()).isEqualTo(produced);
  }

  private void killWhenPrinted(Path config, String marker) throws Exception {
    try (SidecarProcess sidecar = CliSidecars.start(config, 500)) {
      sidecar.await(marker, STEP);
      sidecar.kill();
    }
  }

  private void produce(int count) {
    KAFKA.produce(TOPIC, TestRecords.mixed(produced, count, 3));
    produced += count;
  }

  private void awaitCaughtUp() {
    LakeOffsets end = LakeOffsets.of(KAFKA.endOffsets(TOPIC));
    await()
        .atMost(STEP)
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () -> assertThat(offsets()).as("sidecar caught up to %s", end).isEqualTo(end));
  }

  /** Checks that the table holds each offset below its committed offsets once and nothing else. */
  private int assertExactlyOneRowPerIndexedOffset() throws IOException {
    LakeOffsets offsets = offsets();
    Set<String> seen = new HashSet<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table()).build()) {
      for (Record row : rows) {
        int partition = (Integer) row.getField(KafkaColumns.PARTITION);
        long offset = (Long) row.getField(KafkaColumns.OFFSET);
        assertThat(seen.add(partition + "@" + offset))
            .as("row %d@%d is unique", partition, offset)
            .isTrue();
        assertThat(offset).isLessThan(offsets.nextOffset(partition).orElse(0));
      }
    }
    long expected =
        offsets.nextOffsets().values().stream().mapToLong(Long::longValue).sum();
    assertThat(seen).hasSize((int) expected);
    return seen.size();
  }

  private LakeOffsets offsets() {
    return MinkSnapshot.newest(((HasTableOperations) table()).operations().current())
        .map(MinkSnapshot::offsets)
        .orElse(LakeOffsets.NONE);
  }

  private Table table() {
    Catalog catalog =
        CatalogLoader.load(LakeSettings.embedded(directory.resolve("mink-warehouse")));
    return catalog.loadTable(TableIdentifier.of("kafka", TOPIC));
  }

  private Path writeConfig() throws IOException {
    LakeSettings lake = LakeSettings.embedded(directory.resolve("mink-warehouse"));
    return Files.writeString(directory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"

        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"

        [indexer]
        poll_interval = "200ms"
        writer_threads = 2
        tables_topic = "_tables_crashes"
        owners_topic = "_owners_crashes"
        status_topic = "_status_crashes"
        group_id = "mink_crashes"
        """.formatted(
            KAFKA.bootstrapServers(), lake.uri(), lake.warehouse()));
  }
}
