package io.mink.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.takeover.SinkBoundaryRule;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.testkit.ChildClasspath;
import io.mink.testkit.ConnectWorker;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.StreamSupport;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.SnapshotUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * mink table add --after-connect-sink against the real Iceberg Kafka Connect sink (connect-runtime and
 * iceberg-kafka-connect from testing/connect-sink): producers write while the sink runs, the sink is stopped at a
 * random point (SIGTERM or SIGKILL), Mink takes over, and every produced offset is in exactly one of the two
 * tables. When the command refuses, the test does what the message says and tries again.
 *
 * <p>The sink is stopped at a random time after its first commit, or, every other pair of runs, while its
 * coordinator cannot commit (the catalog locked) right after a worker's transaction, so that the worker's data is
 * written and its source offsets committed, but the data never reaches the table.
 *
 * <p>Runs two takeovers by default, one after a graceful stop and one after a kill; {@code -Dmink.takeover.runs=10}
 * runs more, and {@code -Dmink.takeover.seed=S} repeats a run's random choices.
 */
class ConnectSinkTakeoverIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int PARTITIONS = 3;
  private static final Duration COMMIT_INTERVAL = Duration.ofSeconds(1);
  private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
  private static final Duration TAKEOVER_TIMEOUT = Duration.ofSeconds(150);
  private static final List<String> CONNECT_JVM_OPTIONS =
      List.of("-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  @TempDir
  Path workingDirectory;

  /** How a run stops the sink. */
  enum Stop {
    GRACEFUL,
    KILL
  }

  @Test
  void everyOffsetIsInExactlyOneTableAfterTheSinkStopsAtRandomPoints() throws Exception {
    int runs = Integer.getInteger("mink.takeover.runs", 2);
    long seed = Long.getLong("mink.takeover.seed", new Random().nextLong());
    CliFixture fixture = new CliFixture(KAFKA, workingDirectory);
    List<String> outcomes = new ArrayList<>();
    for (int run = 0; run < runs; run++) {
      Stop stop = run % 2 == 0 ? Stop.GRACEFUL : Stop.KILL;
      long runSeed = seed + run;
      String outcome = takeOver(fixture, run, stop, runSeed, run == 0);
      outcomes.add("run " + run + " seed " + runSeed + " " + stop + ": " + outcome);
      System.out.println("[takeover] " + outcomes.get(outcomes.size() - 1));
    }
    assertThat(outcomes).hasSize(runs);
  }

  /** One takeover; returns what happened, for the test's output. */
  private String takeOver(CliFixture fixture, int run, Stop stop, long seed, boolean withSpark)
      throws Exception {
    Random random = new Random(seed);
    // every other pair of runs stops the sink while its coordinator cannot commit (the catalog
    // locked) right after
    // a worker's transaction: that transaction's data is then written but never committed
    boolean midCommit = run / 2 % 2 == 0;
    String topic = fixture.topic("orders" + run, PARTITIONS);
    String controlTopic = topic + "_control";
    KAFKA.createTopic(controlTopic, 1);
    String connector = "sink-" + topic;
    String group = "connect-" + connector;
    TableIdentifier sinkTable = TableIdentifier.of("connect", "sink_" + run);
    Catalog catalog = CatalogLoader.load(lakeSettings());
    if (catalog instanceof SupportsNamespaces namespaces
        && !namespaces.namespaceExists(Namespace.of("connect"))) {
      namespaces.createNamespace(Namespace.of("connect"));
    }
    Table table = catalog.createTable(
        sinkTable,
        new Schema(
            Types.NestedField.optional(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "payload", Types.StringType.get())));
    Path connectDirectory = Files.createDirectories(workingDirectory.resolve("connect-" + run));
    String minkTable = "kafka.mink_" + run;
    List<String> refusals = new ArrayList<>();
    Map<Long, IdProducer.Position> produced;
    try (IdProducer producer = new IdProducer(KAFKA.bootstrapServers(), topic, PARTITIONS, seed)) {
      // a sink in service has committed before: one stopped before its first commit completes can
      // lose
      // records itself (its restarted coordinator reads the control topic from its end), which the
      // takeover refuses
      runSinkAndStop(connectDirectory, connector, topic, controlTopic, sinkTable, stop, () -> {
        // after a few commits, each partition has data in the table (a partition whose first
        // transaction is
        // pending is refused: where that data starts is not known)
        awaitSnapshots(table, 3);
        sleep(Duration.ofMillis(random.nextInt(4000)));
        if (!midCommit) {
          return () -> {};
        }
        CatalogLock lock = CatalogLock.take(lakeSettings());
        // a commit in flight when the lock was taken waits too: look from where the last commit
        // stopped reading
        ControlTopicWatch.awaitDataComplete(
            KAFKA.clientProperties(),
            controlTopic,
            recordedPosition(table, controlTopic, group),
            START_TIMEOUT);
        sleep(Duration.ofMillis(random.nextInt(300)));
        return lock;
      });
      long deadline = System.nanoTime() + TAKEOVER_TIMEOUT.toNanos();
      while (true) {
        CommandRun add = fixture.run(
            "table",
            "add",
            topic,
            "--name",
            "mink_" + run,
            "--after-connect-sink",
            sinkTable.toString(),
            "--connect-group",
            group);
        if (add.exitCode() == 0) {
          assertThat(add.out())
              .startsWith(
                  "Added table " + minkTable + " for topic " + topic + " (3 partitions, topic id ")
              .contains("), starting at offsets "
                  + fixture.entry(minkTable).options().get("start-offsets")
                  + ". The sidecar indexes it every ");
          break;
        }
        assertThat(add.exitCode()).as(add.err()).isEqualTo(ExitCode.CONFLICT.code());
        assertThat(System.nanoTime())
            .as("takeover still refused: " + refusals)
            .isLessThan(deadline);
        refusals.add(add.err().strip());
        if (add.err().contains(SinkBoundaryRule.RUN_A_COMMIT)) {
          long before = snapshotId(table);
          runSinkAndStop(connectDirectory, connector, topic, controlTopic, sinkTable, stop, () -> {
            awaitNewSnapshot(table, before);
            sleep(Duration.ofMillis(random.nextInt(1500)));
            return () -> {};
          });
        } else {
          assertThat(add.err()).containsAnyOf("the connector is running", "is still open");
          sleep(Duration.ofSeconds(1));
        }
      }
      sleep(Duration.ofMillis(500));
      produced = producer.stop();
    }
    fixture.round(minkTable);

    Map<Long, Integer> sinkIds = countIds(table);
    Map<IdProducer.Position, Long> minkPositions = minkPositions(fixture.icebergTable(minkTable));
    List<String> problems = new ArrayList<>();
    produced.forEach((id, position) -> {
      int inSink = sinkIds.getOrDefault(id, 0);
      boolean inMink = minkPositions.containsKey(position);
      if (inMink && !minkPositions.get(position).equals(id)) {
        problems.add("Mink's row at " + position + " holds id " + minkPositions.get(position)
            + ", not " + id);
      }
      if (inSink + (inMink ? 1 : 0) != 1) {
        problems.add("id " + id + " at " + position + ": " + inSink + " in the sink's table, "
            + (inMink ? 1 : 0) + " in Mink's");
      }
    });
    if (sinkIds.keySet().stream().anyMatch(id -> !produced.containsKey(id))
        || minkPositions.size()
                + sinkIds.values().stream().mapToInt(Integer::intValue).sum()
            != produced.size()) {
      problems.add("the tables hold " + sinkIds.size() + " + " + minkPositions.size() + " rows for "
          + produced.size() + " records");
    }
    assertThat(problems)
        .as("seed " + seed + ", " + stop + ", refusals " + refusals + ", start offsets "
            + fixture.entry(minkTable).options())
        .isEmpty();
    if (withSpark) {
      assertSparkReadsEveryIdOnce(sinkTable, minkTable, produced.size());
    }
    return (midCommit ? "stopped mid-commit, " : "stopped at a random time, ")
        + produced.size() + " records, " + sum(sinkIds) + " in the sink's table, "
        + minkPositions.size()
        + " in Mink's (start offsets " + fixture.entry(minkTable).options().get("start-offsets")
        + ", the Connect group's offsets " + groupOffsets(group, topic) + "), " + refusals.size()
        + " refusal(s)" + (refusals.isEmpty() ? "" : ": " + refusals);
  }

  /** The Connect group's committed offsets of the topic: above the start offsets when data was pending. */
  private static Map<Integer, Long> groupOffsets(String group, String topic) throws Exception {
    Map<Integer, Long> offsets = new TreeMap<>();
    KAFKA
        .admin()
        .listConsumerGroupOffsets(group)
        .partitionsToOffsetAndMetadata()
        .get()
        .forEach((partition, offset) -> {
          if (partition.topic().equals(topic) && offset != null) {
            offsets.put(partition.partition(), offset.offset());
          }
        });
    return offsets;
  }

  /**
   * Starts Kafka Connect with the sink, waits until its task runs, lets {@code meanwhile} pass, stops it, and then
   * closes what {@code meanwhile} held through the stop.
   */
  private void runSinkAndStop(
      Path directory,
      String connector,
      String topic,
      String controlTopic,
      TableIdentifier sinkTable,
      Stop stop,
      Supplier<AutoCloseable> meanwhile)
      throws Exception {
    int restPort = ConnectWorker.freePort();
    ConnectWorker worker = ConnectWorker.start(
        ChildClasspath.CONNECT_SINK.find(),
        CONNECT_JVM_OPTIONS,
        directory,
        worker(directory, restPort),
        connector(connector, topic, controlTopic, sinkTable),
        restPort);
    AutoCloseable held;
    try {
      long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
      while (!worker.taskState().equals("RUNNING")) {
        String state = worker.taskState();
        if (state.startsWith("FAILED") || !worker.alive() || System.nanoTime() > deadline) {
          throw new AssertionError(
              "The sink's task did not run (" + state + "):\n" + worker.logTail());
        }
        sleep(Duration.ofMillis(200));
      }
      held = meanwhile.get();
    } catch (RuntimeException | AssertionError e) {
      worker.kill();
      throw e;
    }
    try {
      if (stop == Stop.KILL) {
        worker.kill();
      } else {
        worker.close();
      }
    } finally {
      held.close();
    }
  }

  private static Map<String, String> worker(Path directory, int restPort) {
    Map<String, String> worker = new LinkedHashMap<>();
    worker.put("bootstrap.servers", KAFKA.bootstrapServers());
    worker.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    worker.put("key.converter.schemas.enable", "false");
    worker.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    worker.put("value.converter.schemas.enable", "false");
    worker.put(
        "offset.storage.file.filename", directory.resolve("connect.offsets").toString());
    worker.put("listeners", "http://127.0.0.1:" + restPort);
    // the task sees commit requests only in put(), after a poll: poll often
    worker.put("offset.flush.interval.ms", "1000");
    worker.put("plugin.discovery", "service_load");
    // a killed task leaves the Connect group after 6 s, not 45 s
    worker.put("consumer.session.timeout.ms", "6000");
    worker.put("consumer.heartbeat.interval.ms", "1000");
    return worker;
  }

  private Map<String, String> connector(
      String name, String topic, String controlTopic, TableIdentifier sinkTable) {
    Map<String, String> connector = new LinkedHashMap<>();
    connector.put("name", name);
    connector.put("connector.class", "org.apache.iceberg.connect.IcebergSinkConnector");
    connector.put("tasks.max", "1");
    connector.put("topics", topic);
    connector.put("iceberg.tables", sinkTable.toString());
    connector.put("iceberg.control.topic", controlTopic);
    connector.put("iceberg.control.commit.interval-ms", Long.toString(COMMIT_INTERVAL.toMillis()));
    // a killed worker's open transaction is aborted after 5 s, not a minute
    connector.put("iceberg.kafka.transaction.timeout.ms", "5000");
    connector.put("iceberg.catalog", CatalogLoader.CATALOG_NAME);
    Map<String, String> catalog = new HashMap<>(CatalogLoader.catalogProperties(lakeSettings()));
    // the sink writes the same local files through Iceberg's default FileIO; Mink's is not on its
    // classpath
    catalog.remove(CatalogProperties.FILE_IO_IMPL);
    catalog.forEach((key, value) -> connector.put("iceberg.catalog." + key, value));
    return connector;
  }

  private LakeSettings lakeSettings() {
    return LakeSettings.embedded(workingDirectory.resolve(LakeSettings.EMBEDDED_DIRECTORY));
  }

  /** Where the sink's newest commit stopped reading partition 0 of its control topic. */
  private static long recordedPosition(Table table, String controlTopic, String group) {
    table.refresh();
    for (Snapshot snapshot : SnapshotUtil.currentAncestors(table)) {
      String positions =
          snapshot.summary().get("kafka.connect.offsets." + controlTopic + "." + group);
      if (positions != null) {
        try {
          return JSON.readTree(positions).path("0").asLong(0);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return 0;
  }

  private static long snapshotId(Table table) {
    table.refresh();
    Snapshot current = table.currentSnapshot();
    return current == null ? -1 : current.snapshotId();
  }

  private static void awaitNewSnapshot(Table table, long before) {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (snapshotId(table) == before) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "The sink did not commit to " + table.name() + " within " + START_TIMEOUT);
      }
      sleep(Duration.ofMillis(100));
    }
  }

  private static void awaitSnapshots(Table table, int count) {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (true) {
      table.refresh();
      if (StreamSupport.stream(table.snapshots().spliterator(), false).count() >= count) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "The sink did not commit " + count + " times within " + START_TIMEOUT);
      }
      sleep(Duration.ofMillis(100));
    }
  }

  /** How many rows of the sink's table hold each id. */
  private static Map<Long, Integer> countIds(Table table) throws IOException {
    table.refresh();
    Map<Long, Integer> ids = new HashMap<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(table).select("id").build()) {
      for (Record row : rows) {
        ids.merge((Long) row.getField("id"), 1, Integer::sum);
      }
    }
    return ids;
  }

  /** Each row of Mink's table: its partition and offset, and the id in its value; a position twice fails. */
  private static Map<IdProducer.Position, Long> minkPositions(Table table) throws IOException {
    Map<IdProducer.Position, Long> positions = new HashMap<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      for (Record row : rows) {
        IdProducer.Position position = new IdProducer.Position(
            (Integer) row.getField("_kafka_partition"), (Long) row.getField("_kafka_offset"));
        Long previous = positions.put(position, id((ByteBuffer) row.getField("_kafka_value")));
        assertThat(previous).as("Mink's table holds " + position + " twice").isNull();
      }
    }
    return positions;
  }

  private static long id(ByteBuffer value) {
    byte[] bytes = new byte[value.remaining()];
    value.duplicate().get(bytes);
    try {
      JsonNode json = JSON.readTree(new String(bytes, UTF_8));
      return json.get("id").asLong();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Spark reads the two tables as one (the query of docs/operations.md): every id once. */
  private void assertSparkReadsEveryIdOnce(
      TableIdentifier sinkTable, String minkTable, long records) {
    try (SparkReader spark = SparkReader.start(lakeSettings())) {
      List<Map<String, Object>> counts =
          spark.sql("SELECT count(*) AS n, count(DISTINCT id) AS ids FROM ("
              + " SELECT id FROM mink." + sinkTable
              + " UNION ALL"
              + " SELECT CAST(get_json_object(CAST(_kafka_value AS STRING), '$.id') AS BIGINT) AS id"
              + " FROM mink." + minkTable + ")");
      assertThat(((Number) counts.get(0).get("n")).longValue()).isEqualTo(records);
      assertThat(((Number) counts.get(0).get("ids")).longValue()).isEqualTo(records);
    }
  }

  private static int sum(Map<Long, Integer> counts) {
    return counts.values().stream().mapToInt(Integer::intValue).sum();
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted", e);
    }
  }
}
