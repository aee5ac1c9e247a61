package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.round.AcceptedGaps;
import io.mink.indexer.round.DataLossException;
import io.mink.indexer.round.OffsetGap;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** A gap made by Kafka's retention: the table stops with the exact range, and goes on only when accepted. */
class TableResumeCommandIT {
  @RegisterExtension
  static final KafkaBroker KAFKA =
      new KafkaBroker(Map.of("log.retention.check.interval.ms", "200"));

  @TempDir
  Path workingDirectory;

  private String tablesTopic;
  private Map<String, String> variables;

  @BeforeEach
  void environment() {
    tablesTopic = "_tables_" + UUID.randomUUID().toString().substring(0, 8);
    variables = Map.of(
        "MINK_KAFKA_BOOTSTRAP_SERVERS",
        KAFKA.bootstrapServers(),
        "MINK_INDEXER_TABLES_TOPIC",
        tablesTopic);
  }

  @Test
  void retentionGapStopsTheTableUntilAnOperatorAcceptsItAndTheGapIsRecorded() throws Exception {
    String topic = "expiring_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 1, Map.of("retention.ms", "1000", "segment.ms", "100"));
    assertThat(run("table", "add", topic, "--freshness", "1m").exitCode()).isZero();
    TableDescriptor descriptor = store().find("kafka." + topic).orElseThrow();
    try (RoundRunner rounds = rounds()) {
      rounds.run(descriptor);
      KAFKA.produce(topic, records(0, 100));
      Thread.sleep(300);
      KAFKA.produce(topic, records(100, 200));
      waitForLogStartAbove(topic, 0);
      keepRecords(topic);
      long logStart = waitForLogStartAbove(topic, 0);
      KAFKA.produce(topic, records(200, 250));

      assertThatThrownBy(() -> rounds.run(descriptor))
          .isInstanceOfSatisfying(
              DataLossException.class,
              e -> assertThat(e.gaps()).containsExactly(new OffsetGap(0, 0, logStart)));
      CommandRun refused = run("table", "resume", "kafka." + topic);
      assertThat(refused.exitCode()).isEqualTo(ExitCode.USAGE.code());
      assertThat(refused.err())
          .isEqualTo("Error: mink table resume needs --accept-gap for table kafka." + topic
              + ": Kafka deleted records of topic " + topic
              + " before they were indexed (partition 0 offsets [0, "
              + logStart
              + ")), and those records are lost to the table. Run mink table resume kafka." + topic
              + " --accept-gap to go on past them\n");

      CommandRun resume = run("table", "resume", "kafka." + topic, "--accept-gap");

      assertThat(resume.err()).isEmpty();
      assertThat(resume.exitCode()).isZero();
      assertThat(resume.out())
          .isEqualTo(
              "Table kafka." + topic + " goes on past partition 0 offsets [0, " + logStart
                  + "). Those records are lost to the table; the gap is recorded in the snapshot summary as mink-gaps.\n");
      assertThat(store().find("kafka." + topic).orElseThrow().lifecycle().reason())
          .as("the entry changes, so the sidecar that stopped the table schedules it again")
          .isEqualTo("resumed past partition 0 offsets [0, " + logStart + "), accepted as lost");
      Table table = table(topic);
      assertThat(AcceptedGaps.decode(table.currentSnapshot().summary().get(AcceptedGaps.PROPERTY)))
          .containsExactly(new OffsetGap(0, 0, logStart));
      assertThat(MinkSnapshot.newest(table).orElseThrow().offsets().nextOffset(0))
          .hasValue(logStart);

      RoundResult after = rounds.run(descriptor);

      assertThat(after.rows()).isEqualTo(250 - logStart);
      assertThat(offsets(table(topic))).containsExactlyElementsOf(range(logStart, 250));
      assertThat(run("table", "resume", "kafka." + topic, "--accept-gap").out())
          .isEqualTo("Table kafka." + topic
              + " has no gap: every partition's next offset is still in Kafka. "
              + "Nothing changed.\n");
    }
  }

  @Test
  void resumingATableWithoutAGapRecordsItSoTheSidecarTriesItAgain() {
    String topic = "stopped_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 1, Map.of());
    assertThat(run("table", "add", topic).exitCode()).isZero();

    CommandRun resume = run("table", "resume", "kafka." + topic);

    assertThat(resume.err()).isEmpty();
    assertThat(resume.exitCode()).isZero();
    assertThat(resume.out())
        .isEqualTo("Table kafka." + topic + " resumes: the sidecar that owns it tries it again "
            + "at once if it was stopped.\n");
    assertThat(store().find("kafka." + topic).orElseThrow().lifecycle().reason())
        .isEqualTo("resumed by mink table resume");
  }

  @Test
  void resumingATableThatIsNotAddedSaysHowToNameIt() {
    CommandRun run = run("table", "resume", "kafka.nothing_here", "--accept-gap");

    assertThat(run.exitCode()).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(run.err())
        .isEqualTo("Error: Table kafka.nothing_here is not added: mink table list --all shows the "
            + "added tables\n");
  }

  /** Turns the topic's retention off, so the log start stays where it is from now on. */
  private static void keepRecords(String topic) throws Exception {
    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
    KAFKA
        .admin()
        .incrementalAlterConfigs(Map.of(
            resource,
            List.of(new AlterConfigOp(
                new ConfigEntry("retention.ms", "-1"), AlterConfigOp.OpType.SET))))
        .all()
        .get();
    Thread.sleep(500);
  }

  /** Kafka checks retention first 30 s after the broker starts, then every 200 ms here. */
  private static long waitForLogStartAbove(String topic, long offset) {
    TopicPartition partition = new TopicPartition(topic, 0);
    try (KafkaConsumer<byte[], byte[]> consumer = KAFKA.newConsumer()) {
      return await("Kafka's retention to delete the first segment of " + topic)
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(100))
          .pollInSameThread()
          .until(
              () -> consumer.beginningOffsets(List.of(partition)).get(partition),
              logStart -> logStart > offset);
    }
  }

  private RoundRunner rounds() {
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    return new RoundRunner(lake(), clients, RoundRunner.settings(1, 128L << 20), null);
  }

  private KafkaTableStore store() {
    return new KafkaTableStore(
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test"),
        tablesTopic);
  }

  private LakeTables lake() {
    return new LakeTables(CatalogLoader.load(
        LakeSettings.embedded(workingDirectory.resolve(LakeSettings.EMBEDDED_DIRECTORY))));
  }

  private Table table(String topic) {
    return lake().load(TableIdentifier.of("kafka", topic));
  }

  private static List<TestRecord> records(int from, int to) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = from; i < to; i++) {
      records.add(new TestRecord(
          0,
          null,
          ("record " + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          System.currentTimeMillis()));
    }
    return records;
  }

  private static List<Long> offsets(Table table) throws IOException {
    List<Long> offsets = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      rows.forEach(row -> offsets.add((Long) row.getField("_kafka_offset")));
    }
    offsets.sort(Long::compare);
    return offsets;
  }

  private static List<Long> range(long from, long to) {
    List<Long> offsets = new ArrayList<>();
    for (long i = from; i < to; i++) {
      offsets.add(i);
    }
    return offsets;
  }

  private CommandRun run(String... args) {
    return CommandRun.of(workingDirectory, variables, args);
  }
}
