package io.mink.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.takeover.SinkBoundaryRule;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.ChildClasspath;
import io.mink.testkit.ConnectWorker;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.registry.FakeSchemaRegistry;
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
import java.util.UUID;
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

  /**
   * mink table add --adopt: the sink makes its table from the plain JSON values (id and score as long, payload as
   * string), is stopped gracefully and then, in a second run, killed; Mink adopts the table and decodes the same
   * values through their JSON Schema (named by a header), so its id and payload land in the sink's columns and its
   * score, a number there, renames the sink's long column. Every produced id is in the table once.
   */
  @Test
  void adoptedSinkTableHoldsEveryOffsetOnce() throws Exception {
    long seed = Long.getLong("mink.takeover.seed", new Random().nextLong());
    CliFixture fixture = new CliFixture(KAFKA, workingDirectory);
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start()) {
      int run = 100;
      for (Stop stop : List.of(Stop.GRACEFUL, Stop.KILL)) {
        run++;
        String outcome = adopt(fixture, registry, run, stop, seed + run, stop == Stop.GRACEFUL);
        System.out.println(
            "[adopt] run " + run + " seed " + (seed + run) + " " + stop + ": " + outcome);
      }
    }
  }

  private String adopt(
      CliFixture fixture,
      FakeSchemaRegistry registry,
      int run,
      Stop stop,
      long seed,
      boolean withSpark)
      throws Exception {
    Random random = new Random(seed);
    String topic = fixture.topic("adopt" + run, PARTITIONS);
    String controlTopic = topic + "_control";
    KAFKA.createTopic(controlTopic, 1);
    String connector = "sink-" + topic;
    String group = "connect-" + connector;
    TableIdentifier sinkTable = TableIdentifier.of("connect", "adopted_" + run);
    Catalog catalog = CatalogLoader.load(lakeSettings());
    if (catalog instanceof SupportsNamespaces namespaces
        && !namespaces.namespaceExists(Namespace.of("connect"))) {
      namespaces.createNamespace(Namespace.of("connect"));
    }
    FakeSchemaRegistry.Registered schema = registry.register(
        topic + "-value",
        SchemaType.JSON,
        "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\"},"
            + "\"payload\":{\"type\":\"string\"},\"score\":{\"type\":\"number\"}}}");
    Path connectDirectory = Files.createDirectories(workingDirectory.resolve("connect-" + run));
    List<String> refusals = new ArrayList<>();
    Map<Long, IdProducer.Position> produced;
    try (IdProducer producer = new IdProducer(
        KAFKA.bootstrapServers(),
        topic,
        PARTITIONS,
        seed,
        Map.of("__value_schema_id", guidHeader(schema.guid())))) {
      runSinkAndStop(connectDirectory, connector, topic, controlTopic, sinkTable, stop, () -> {
        awaitSnapshots(awaitTable(catalog, sinkTable), 3);
        sleep(Duration.ofMillis(random.nextInt(3000)));
        return () -> {};
      });
      Table table = catalog.loadTable(sinkTable);
      CommandRun add = addUntilAccepted(
          fixture,
          refusals,
          () -> {
            long before = snapshotId(table);
            runSinkAndStop(
                connectDirectory, connector, topic, controlTopic, sinkTable, stop, () -> {
                  awaitNewSnapshot(table, before);
                  return () -> {};
                });
          },
          "table",
          "add",
          topic,
          "--adopt",
          sinkTable.toString(),
          "--connect-group",
          group);
      assertThat(add.out())
          .startsWith("Attached table " + sinkTable + " to topic " + topic + " (3 partitions")
          .contains("where the Kafka Connect sink's committed data in snapshot ");
      sleep(Duration.ofMillis(500));
      produced = producer.stop();
    }
    fixture.round(
        sinkTable.toString(),
        RegistryDecoders.forRegistry(
            ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()))));

    Table table = catalog.loadTable(sinkTable);
    Schema adopted = table.schema();
    assertThat(adopted.columns().subList(0, 6))
        .extracting(Types.NestedField::name)
        .containsExactly(
            "_kafka_partition",
            "_kafka_offset",
            "_kafka_timestamp",
            "_kafka_key",
            "_kafka_headers",
            "_kafka_value");
    assertThat(adopted.findField("id").type()).isEqualTo(Types.LongType.get());
    assertThat(adopted.findField("score").type()).isEqualTo(Types.DoubleType.get());
    String renamedScore = adopted.columns().stream()
        .map(Types.NestedField::name)
        .filter(name -> name.startsWith("score_s"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("The sink's long score was not renamed: " + adopted));
    Map<Long, Integer> sinkIds = new HashMap<>();
    Map<IdProducer.Position, Long> minkPositions = new HashMap<>();
    List<String> problems = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      for (Record row : rows) {
        Long id = (Long) row.getField("id");
        Integer partition = (Integer) row.getField("_kafka_partition");
        if (partition == null) {
          sinkIds.merge(id, 1, Integer::sum);
          if (row.getField("_kafka_offset") != null || !id.equals(row.getField(renamedScore))) {
            problems.add("the sink's row of id " + id + " is " + row);
          }
          continue;
        }
        IdProducer.Position position =
            new IdProducer.Position(partition, (Long) row.getField("_kafka_offset"));
        if (minkPositions.put(position, id) != null) {
          problems.add("Mink's rows hold " + position + " twice");
        }
        if (!Double.valueOf(id).equals(row.getField("score"))
            || !("record " + id + " of " + topic).equals(row.getField("payload"))) {
          problems.add("Mink's row of id " + id + " is " + row);
        }
      }
    }
    produced.forEach((id, position) -> {
      int inSink = sinkIds.getOrDefault(id, 0);
      Long minkId = minkPositions.get(position);
      if (minkId != null && !minkId.equals(id)) {
        problems.add("Mink's row at " + position + " holds id " + minkId + ", not " + id);
      }
      if (inSink + (minkId == null ? 0 : 1) != 1) {
        problems.add("id " + id + " at " + position + ": " + inSink + " sink row(s), "
            + (minkId == null ? 0 : 1) + " Mink row(s)");
      }
    });
    if (sum(sinkIds) + minkPositions.size() != produced.size()) {
      problems.add("the table holds " + sum(sinkIds) + " + " + minkPositions.size() + " rows for "
          + produced.size() + " records");
    }
    assertThat(problems)
        .as("seed " + seed + ", " + stop + ", refusals " + refusals)
        .isEmpty();
    assertThat(sinkIds).as("the sink committed rows before the takeover").isNotEmpty();
    assertThat(minkPositions).as("Mink indexed rows after the takeover").isNotEmpty();
    if (withSpark) {
      try (SparkReader spark = SparkReader.start(lakeSettings())) {
        Map<String, Object> counts = spark
            .sql("SELECT count(*) AS n, count(DISTINCT id) AS ids, count(_kafka_offset) AS mink"
                + " FROM mink." + sinkTable)
            .get(0);
        assertThat(((Number) counts.get("n")).longValue()).isEqualTo(produced.size());
        assertThat(((Number) counts.get("ids")).longValue()).isEqualTo(produced.size());
        assertThat(((Number) counts.get("mink")).longValue()).isEqualTo(minkPositions.size());
      }
    }
    return produced.size() + " records, " + sum(sinkIds) + " the sink's rows, "
        + minkPositions.size()
        + " Mink's (start offsets "
        + fixture.entry(sinkTable.toString()).options().get("start-offsets")
        + "), " + refusals.size() + " refusal(s)" + (refusals.isEmpty() ? "" : ": " + refusals);
  }

  /** A {@code __value_schema_id} header: byte 1, then the schema's GUID (docs/decoding.md). */
  private static byte[] guidHeader(UUID guid) {
    return ByteBuffer.allocate(17)
        .put((byte) 1)
        .putLong(guid.getMostSignificantBits())
        .putLong(guid.getLeastSignificantBits())
        .array();
  }

  private static Table awaitTable(Catalog catalog, TableIdentifier identifier) {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (!catalog.tableExists(identifier)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "The sink did not create " + identifier + " within " + START_TIMEOUT);
      }
      sleep(Duration.ofMillis(100));
    }
    return catalog.loadTable(identifier);
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
      CommandRun add = addUntilAccepted(
          fixture,
          refusals,
          () -> {
            long before = snapshotId(table);
            runSinkAndStop(
                connectDirectory, connector, topic, controlTopic, sinkTable, stop, () -> {
                  awaitNewSnapshot(table, before);
                  sleep(Duration.ofMillis(random.nextInt(1500)));
                  return () -> {};
                });
          },
          "table",
          "add",
          topic,
          "--name",
          "mink_" + run,
          "--after-connect-sink",
          sinkTable.toString(),
          "--connect-group",
          group);
      assertThat(add.out())
          .startsWith(
              "Added table " + minkTable + " for topic " + topic + " (3 partitions, topic id ")
          .contains("), starting at offsets "
              + fixture.entry(minkTable).options().get("start-offsets")
              + ". The sidecar indexes it every ");
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

  /** Runs the sink again; what a refusal that asks for another sink commit does. */
  interface SinkRerun {
    void run() throws Exception;
  }

  /**
   * Runs {@code mink table add} until it succeeds, doing what each refusal says: another sink commit, or a moment's
   * wait for the stopped connector's group or transaction to close. Keeps the refusals.
   */
  private static CommandRun addUntilAccepted(
      CliFixture fixture, List<String> refusals, SinkRerun rerunSink, String... args)
      throws Exception {
    long deadline = System.nanoTime() + TAKEOVER_TIMEOUT.toNanos();
    while (true) {
      CommandRun add = fixture.run(args);
      if (add.exitCode() == 0) {
        return add;
      }
      assertThat(add.exitCode()).as(add.err()).isEqualTo(ExitCode.CONFLICT.code());
      assertThat(System.nanoTime()).as("takeover still refused: " + refusals).isLessThan(deadline);
      refusals.add(add.err().strip());
      if (add.err().contains(SinkBoundaryRule.RUN_A_COMMIT)) {
        rerunSink.run();
      } else {
        assertThat(add.err()).containsAnyOf("the connector is running", "is still open");
        sleep(Duration.ofSeconds(1));
      }
    }
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
    // a table that does not exist yet is made by the sink, with the columns it infers from the JSON
    // values
    connector.put("iceberg.tables.auto-create-enabled", "true");
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
