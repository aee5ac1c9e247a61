package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * --option mink.row-ttl against a real broker and catalog: union reads never return an expired row, rounds remove
 * them from the lake (a file with some rewritten, a file with only expired rows dropped whole), Spark reading the
 * Iceberg table sees none, and the audit accounts for their offsets.
 */
class RowTtlIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long OLD =
      System.currentTimeMillis() - Duration.ofMinutes(10).toMillis();
  /** Kafka takes timestamps up to an hour ahead by default: these rows outlive the test. */
  private static final long NEW =
      System.currentTimeMillis() + Duration.ofMinutes(30).toMillis();

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
  void expiredRowsLeaveReadsThenTheLakeAndTheAuditAccountsForThem() throws Exception {
    String topic = "ttl_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 1, Map.of());
    CommandRun add = run("table", "add", topic, "--option", "mink.row-ttl=1m");
    assertThat(add.exitCode()).as(add.err()).isZero();
    assertThat(run("table", "show", "kafka." + topic).out())
        .containsPattern(
            "Row TTL +1m \\(older rows leave reads at once and the lake within a 24th of it; "
                + "--option mink.row-ttl changes it\\)");
    TableDescriptor descriptor = store().find("kafka." + topic).orElseThrow();
    KAFKA.produce(topic, records(0, 30, OLD));
    KAFKA.produce(topic, records(30, 40, NEW));
    KAFKA.produce(topic, records(40, 45, OLD));
    KAFKA.produce(topic, records(45, 50, NEW));

    assertThat(readOffsets(topic)).as("the tail, before any round").isEqualTo(kept());
    try (RoundRunner rounds = rounds()) {
      rounds.run(descriptor);
      assertThat(lakeOffsets(table(topic))).hasSize(50);
      assertThat(readOffsets(topic)).as("the lake, before its expiry").isEqualTo(kept());

      rounds.run(descriptor);

      Table table = table(topic);
      assertThat(lakeOffsets(table)).isEqualTo(kept());
      assertThat(table.currentSnapshot().summary())
          .containsEntry(MinkSnapshot.EXPIRED_ROWS_PROPERTY, "35")
          .containsEntry(MinkSnapshot.EXPIRED_PROPERTY, "{\"0\":[[0,30],[40,45]]}");

      KAFKA.produce(topic, records(50, 60, OLD));
      Thread.sleep(2_600);
      rounds.run(descriptor);
      Thread.sleep(2_600);
      rounds.run(descriptor);

      table = table(topic);
      assertThat(lakeOffsets(table))
          .as("the file of old rows only, dropped whole")
          .isEqualTo(kept());
      assertThat(table.currentSnapshot().summary())
          .containsEntry(MinkSnapshot.EXPIRED_ROWS_PROPERTY, "10")
          .containsEntry(MinkSnapshot.EXPIRED_PROPERTY, "{\"0\":[[0,30],[40,45],[50,60]]}");
    }

    CommandRun audit = run("table", "audit", "kafka." + topic, "--output", "json");
    assertThat(audit.exitCode()).as(audit.out()).isZero();
    JsonNode partition = JSON.readTree(audit.out()).get("partitions").get(0);
    assertThat(partition.get("expired").asLong()).isEqualTo(45);
    assertThat(partition.get("rows").asLong()).isEqualTo(15);

    try (SparkReader spark = SparkReader.start(
        LakeSettings.embedded(workingDirectory.resolve(LakeSettings.EMBEDDED_DIRECTORY)))) {
      assertThat(spark.sql("SELECT count(*) AS n FROM mink.kafka." + topic))
          .extracting(row -> ((Number) row.get("n")).longValue())
          .containsExactly(15L);
      assertThat(spark.sql("SELECT count(*) AS n FROM mink.kafka." + topic
              + " WHERE _kafka_timestamp < current_timestamp()"))
          .extracting(row -> ((Number) row.get("n")).longValue())
          .containsExactly(0L);
    }
  }

  /** The offsets whose rows stay: those with the new timestamp. */
  private static List<Long> kept() {
    List<Long> offsets = new ArrayList<>();
    for (long i = 30; i < 40; i++) {
      offsets.add(i);
    }
    for (long i = 45; i < 50; i++) {
      offsets.add(i);
    }
    return offsets;
  }

  private List<Long> readOffsets(String topic) throws IOException {
    CommandRun read =
        run("read", "kafka." + topic, "--columns", "_kafka_offset", "--output", "json");
    assertThat(read.exitCode()).as(read.err()).isZero();
    List<Long> offsets = new ArrayList<>();
    for (String line : read.out().split("\n")) {
      if (!line.isBlank()) {
        offsets.add(JSON.readTree(line).get("_kafka_offset").asLong());
      }
    }
    return offsets;
  }

  private static List<Long> lakeOffsets(Table table) throws IOException {
    table.refresh();
    List<Long> offsets = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      rows.forEach(row -> offsets.add((Long) row.getField("_kafka_offset")));
    }
    offsets.sort(Long::compare);
    return offsets;
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

  private static List<TestRecord> records(int from, int to, long timestamp) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = from; i < to; i++) {
      records.add(new TestRecord(
          0, null, ("record " + i).getBytes(StandardCharsets.UTF_8), List.of(), timestamp));
    }
    return records;
  }

  private CommandRun run(String... args) {
    return CommandRun.of(workingDirectory, variables, args);
  }
}
