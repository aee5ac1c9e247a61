package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.round.DataLossException;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * mink table audit against a real broker and catalog: rows, transaction markers and aborted records, an accepted gap
 * are accounted for; rows another engine deleted are named exactly, whether Kafka still holds them or not.
 */
class TableAuditCommandIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final ObjectMapper JSON = new ObjectMapper();

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
  void everyOffsetIsARowAGapOrNoRecordUntilAnotherEngineDeletesRows() throws Exception {
    String topic = "audited_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 1, Map.of());
    assertThat(run("table", "add", topic, "--freshness", "1m").exitCode()).isZero();
    TableDescriptor descriptor = store().find("kafka." + topic).orElseThrow();
    KAFKA.produce(topic, records(0, 40));
    try (RoundRunner rounds = rounds()) {
      rounds.run(descriptor);
      // Kafka deletes 40-59 before they are indexed: a gap the operator accepts
      KAFKA.produce(topic, records(40, 80));
      deleteRecordsBefore(topic, 60);
      assertThatThrownBy(() -> rounds.run(descriptor)).isInstanceOf(DataLossException.class);
      assertThat(run("table", "resume", "kafka." + topic, "--accept-gap").exitCode())
          .isZero();
      rounds.run(descriptor);
      // offsets 80-89 committed and 90 their marker; 91-95 aborted and 96 their marker
      transaction(topic, 10, true);
      transaction(topic, 5, false);
      KAFKA.produce(topic, records(97, 100));
      rounds.run(descriptor);

      CommandRun clean = run("table", "audit", "kafka." + topic, "--output", "json");

      assertThat(clean.err()).isEmpty();
      assertThat(clean.exitCode()).as(clean.out()).isZero();
      JsonNode report = JSON.readTree(clean.out());
      assertThat(report.get("accounted").asBoolean()).isTrue();
      assertThat(report.get("rows").asLong()).isEqualTo(73);
      JsonNode partition = report.get("partitions").get(0);
      assertThat(partition.get("from").asLong()).isZero();
      assertThat(partition.get("to").asLong()).isEqualTo(100);
      assertThat(partition.get("inGaps").asLong()).isEqualTo(20);
      assertThat(partition.get("notRecords").asLong())
          .as("two markers, five aborted")
          .isEqualTo(7);
      assertThat(partition.get("unaccounted").asLong()).isZero();

      // another engine deletes the file of 100-109 (Kafka holds them) and that of 0-39 (Kafka
      // deleted them)
      KAFKA.produce(topic, records(100, 110));
      rounds.run(descriptor);
      Table table = table(topic);
      deleteFilesWith(table, 105);
      deleteFilesWith(table, 5);

      CommandRun lost = run("table", "audit", "kafka." + topic);

      assertThat(lost.exitCode()).as(lost.out()).isEqualTo(ExitCode.CONFLICT.code());
      StringBuilder first = new StringBuilder();
      for (long offset = 0; offset < 20; offset++) {
        first
            .append("  partition 0 offset ")
            .append(offset)
            .append(": no row, and Kafka deleted it (below its log start)\n");
      }
      assertThat(lost.out())
          .contains("50 offsets are unaccounted for; the first 20:\n" + first
              + "See docs/runbook.md, \"An audit found unaccounted offsets\".\n");
      JsonNode lostJson = JSON.readTree(
              run("table", "audit", "kafka." + topic, "--output", "json").out())
          .get("partitions")
          .get(0);
      assertThat(lostJson.get("belowLogStart").asLong()).isEqualTo(40);
      assertThat(lostJson.get("inKafka").asLong()).isEqualTo(10);
    }
  }

  private void transaction(String topic, int records, boolean commit) {
    try (KafkaProducer<byte[], byte[]> producer = KAFKA.newProducer(
        Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "audit-" + UUID.randomUUID()))) {
      producer.initTransactions();
      producer.beginTransaction();
      for (int i = 0; i < records; i++) {
        var unused = producer.send(
            new ProducerRecord<>(topic, 0, null, ("tx " + i).getBytes(StandardCharsets.UTF_8)));
      }
      if (commit) {
        producer.commitTransaction();
      } else {
        producer.flush();
        producer.abortTransaction();
      }
    }
  }

  private static void deleteRecordsBefore(String topic, long offset) throws Exception {
    KAFKA
        .admin()
        .deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(offset)))
        .all()
        .get();
  }

  /** Removes, as another engine's commit, the data files that hold the offset. */
  private static void deleteFilesWith(Table table, long offset) throws Exception {
    table.refresh();
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table
        .newScan()
        .filter(org.apache.iceberg.expressions.Expressions.equal("_kafka_offset", offset))
        .planFiles()) {
      tasks.forEach(task -> files.add(task.file()));
    }
    assertThat(files).isNotEmpty();
    var delete = table.newDelete();
    files.forEach(delete::deleteFile);
    delete.commit();
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

  private CommandRun run(String... args) {
    return CommandRun.of(workingDirectory, variables, args);
  }
}
