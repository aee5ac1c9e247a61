package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.SparkReader;
import io.mink.testkit.TestRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mink table add --from}: a table that starts at a time, at the end, or at given offsets holds exactly the
 * records from there on, in the lake after the sidecar's rounds, in {@code mink read} before any round, and as Spark
 * reads it; records older than the start are neither rows nor gaps.
 */
class TableAddFromIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(90);
  private static final int PARTITIONS = 3;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path directory;

  @Test
  void tablesStartAtATimeAtTheEndAndAtGivenOffsets() throws Exception {
    String topic = "from_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, PARTITIONS);
    Instant now = Instant.now();
    List<RecordMetadata> old =
        KAFKA.produce(topic, records("old", 300, now.minus(Duration.ofHours(2))));
    List<RecordMetadata> recent =
        KAFKA.produce(topic, records("recent", 300, now.minus(Duration.ofHours(1))));
    Path config = writeConfig();

    CommandRun fromTime = run(
        "table",
        "add",
        topic,
        "--name",
        "from_time",
        "--from",
        now.minus(Duration.ofMinutes(90)).toString(),
        "--freshness",
        "1s",
        "--config",
        config.toString());
    CommandRun fromLatest = run(
        "table",
        "add",
        topic,
        "--name",
        "from_latest",
        "--from",
        "latest",
        "--freshness",
        "1s",
        "--config",
        config.toString());
    CommandRun fromOffsets = run(
        "table",
        "add",
        topic,
        "--name",
        "from_offsets",
        "--from",
        "0:40,1:7",
        "--freshness",
        "1s",
        "--config",
        config.toString());
    assertThat(fromTime.exitCode()).as(fromTime.err()).isZero();
    assertThat(fromLatest.exitCode()).as(fromLatest.err()).isZero();
    assertThat(fromOffsets.exitCode()).as(fromOffsets.err()).isZero();
    assertThat(fromTime.out()).contains(", starting at offsets {\"0\":");
    List<RecordMetadata> fresh = KAFKA.produce(topic, records("fresh", 90, null));

    Set<String> expectTime = offsets(recent, fresh);
    Set<String> expectLatest = offsets(fresh);
    Set<String> expectOffsets = new TreeSet<>();
    for (RecordMetadata record : concat(old, recent, fresh)) {
      long start = switch (record.partition()) {
        case 0 -> 40;
        case 1 -> 7;
        default -> 0;
      };
      if (record.offset() >= start) {
        expectOffsets.add(key(record.partition(), record.offset()));
      }
    }

    assertThat(readOffsets("kafka.from_time", config)).isEqualTo(expectTime);
    assertThat(readOffsets("kafka.from_latest", config)).isEqualTo(expectLatest);

    try (SidecarProcess sidecar = CliSidecars.start(config, 0)) {
      awaitRows("kafka.from_time", expectTime.size());
      awaitRows("kafka.from_latest", expectLatest.size());
      awaitRows("kafka.from_offsets", expectOffsets.size());
      assertThat(sidecar.isAlive()).isTrue();
    }
    assertThat(lakeOffsets("kafka.from_time")).isEqualTo(expectTime);
    assertThat(lakeOffsets("kafka.from_latest")).isEqualTo(expectLatest);
    assertThat(lakeOffsets("kafka.from_offsets")).isEqualTo(expectOffsets);
    assertThat(readOffsets("kafka.from_offsets", config)).isEqualTo(expectOffsets);

    CommandRun show = run("table", "show", "kafka.from_offsets", "--config", config.toString());
    assertThat(show.out()).contains("Starts at").contains("offsets {\"0\":40,\"1\":7}");
    CommandRun showJson = run(
        "table", "show", "kafka.from_offsets", "--output", "json", "--config", config.toString());
    assertThat(showJson.out()).contains("\"startOffsets\"");

    try (SparkReader spark = SparkReader.start(lake())) {
      List<Map<String, Object>> rows =
          spark.sql("SELECT _kafka_partition, _kafka_offset FROM mink.kafka.from_time");
      Set<String> read = new TreeSet<>();
      rows.forEach(row -> read.add(key(
          ((Number) row.get("_kafka_partition")).intValue(),
          ((Number) row.get("_kafka_offset")).longValue())));
      assertThat(read).isEqualTo(expectTime);
    }
  }

  @Test
  void badStartsAreRefusedWithWhatToUse() throws Exception {
    String topic = "from_bad_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 2);
    KAFKA.produce(topic, records("r", 20, null, 2));
    Path config = writeConfig();

    CommandRun notAStart =
        run("table", "add", topic, "--from", "yesterday", "--config", config.toString());
    CommandRun pastTheEnd =
        run("table", "add", topic, "--from", "0:5000", "--config", config.toString());
    CommandRun noSuchPartition =
        run("table", "add", topic, "--from", "7:0", "--config", config.toString());
    CommandRun withAttach =
        run("table", "add", topic, "--from", "latest", "--attach", "--config", config.toString());

    assertThat(notAStart.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(notAStart.err())
        .contains("Invalid --from 'yesterday': use earliest, latest, a time");
    assertThat(pastTheEnd.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(pastTheEnd.err()).contains("is past the partition's end").contains("--from latest");
    assertThat(noSuchPartition.err()).contains("has no partition 7, only 0 to 1");
    assertThat(withAttach.err()).contains("--from applies to a table Mink creates");
    assertThat(run("table", "list", "--config", config.toString()).out()).doesNotContain(topic);
  }

  private static List<TestRecord> records(String prefix, int count, Instant timestamp) {
    return records(prefix, count, timestamp, PARTITIONS);
  }

  private static List<TestRecord> records(
      String prefix, int count, Instant timestamp, int partitions) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          i % partitions,
          null,
          (prefix + "-" + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          timestamp == null ? null : timestamp.toEpochMilli() + i));
    }
    return records;
  }

  @SafeVarargs
  private static List<RecordMetadata> concat(List<RecordMetadata>... lists) {
    List<RecordMetadata> all = new ArrayList<>();
    for (List<RecordMetadata> list : lists) {
      all.addAll(list);
    }
    return all;
  }

  @SafeVarargs
  private static Set<String> offsets(List<RecordMetadata>... lists) {
    Set<String> keys = new TreeSet<>();
    concat(lists).forEach(record -> keys.add(key(record.partition(), record.offset())));
    return keys;
  }

  private static String key(int partition, long offset) {
    return partition + ":" + offset;
  }

  /** The partition:offset of every row {@code mink read} returns, as CSV. */
  private Set<String> readOffsets(String table, Path config) {
    CommandRun read = run(
        "read",
        table,
        "--columns",
        "_kafka_partition,_kafka_offset",
        "--output",
        "csv",
        "--config",
        config.toString());
    assertThat(read.exitCode()).as(read.err()).isZero();
    Set<String> keys = new TreeSet<>();
    read.out().lines().skip(1).forEach(line -> keys.add(line.replace(',', ':')));
    return keys;
  }

  private Set<String> lakeOffsets(String name) throws IOException {
    Table table = new LakeTables(CatalogLoader.load(lake())).load(TableIdentifier.parse(name));
    Set<String> keys = new TreeSet<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(table).select("_kafka_partition", "_kafka_offset").build()) {
      rows.forEach(row -> keys.add(
          key((Integer) row.getField("_kafka_partition"), (Long) row.getField("_kafka_offset"))));
    }
    return keys;
  }

  private void awaitRows(String name, int rows) throws Exception {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (lakeOffsets(name).size() < rows) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(name + " has " + lakeOffsets(name).size() + " rows, not " + rows);
      }
      Thread.sleep(300);
    }
  }

  private CommandRun run(String... args) {
    return CommandRun.of(directory, Map.of(), args);
  }

  private LakeSettings lake() {
    return LakeSettings.embedded(directory.resolve("mink-warehouse"));
  }

  private Path writeConfig() throws IOException {
    String suffix = UUID.randomUUID().toString().substring(0, 8);
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
        tables_topic = "_tables_%s"
        group_id = "mink_%s"
        """.formatted(
            KAFKA.bootstrapServers(), lake().uri(), lake().warehouse(), suffix, suffix));
  }
}
