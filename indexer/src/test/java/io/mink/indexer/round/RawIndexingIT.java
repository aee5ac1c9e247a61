package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.LakeOffsets;
import io.mink.schema.KafkaColumns;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestHeader;
import io.mink.testkit.TestRecord;
import io.mink.testkit.TestRecords;
import io.mink.testkit.Warehouse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RawIndexingIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void everyRecordBecomesExactlyOneRowWithEveryColumnRight() {
    String topic = InProcessSidecar.uniqueTopic("mixed");
    KAFKA.createTopic(topic, 3);
    List<TestRecord> records = TestRecords.mixed(20261129L, 10_000, 3);
    List<RecordMetadata> sent = KAFKA.produce(topic, records);

    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      var table = sidecar.add(topic, Duration.ofMinutes(3));
      RoundResult result = sidecar.runRound(table);

      assertThat(result.committed()).isTrue();
      assertThat(result.rows()).isEqualTo(10_000);
      assertThat(sidecar.offsets(table)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));

      Map<String, Record> rows = new HashMap<>();
      for (Record row : sidecar.rows(table)) {
        assertThat(rows.put(InProcessSidecar.offsetKey(row), row))
            .as("duplicate row %s", row)
            .isNull();
      }
      assertThat(rows).hasSize(10_000);
      for (int i = 0; i < records.size(); i++) {
        TestRecord record = records.get(i);
        RecordMetadata metadata = sent.get(i);
        Record row = rows.get(metadata.partition() + "@" + metadata.offset());
        assertThat(row).as("row of record %d", i).isNotNull();
        assertThat(row.getField(KafkaColumns.TIMESTAMP))
            .isEqualTo(OffsetDateTime.ofInstant(
                Instant.ofEpochMilli(metadata.timestamp()), java.time.ZoneOffset.UTC));
        assertThat(bytes(row.getField(KafkaColumns.KEY))).isEqualTo(record.key());
        assertThat(bytes(row.getField(KafkaColumns.VALUE))).isEqualTo(record.value());
        assertHeaders(row, record.headers());
      }
    }
  }

  @Test
  void filesRollAtTheTargetSizeAndEachHoldsOnePartition() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("rolling");
    KAFKA.createTopic(topic, 2);
    KAFKA.produce(topic, TestRecords.sized(3, 20_000, 500, 2));
    long target = 1024 * 1024;
    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RoundRunner.settings(2, target),
        null)) {
      var table = sidecar.add(topic, Duration.ofMinutes(3));
      RoundResult result = sidecar.runRound(table);

      assertThat(result.files()).isGreaterThan(2);
      assertThat(sidecar.table(table).currentSnapshot().summary())
          .containsEntry("added-data-files", Integer.toString(result.files()));
      try (var tasks = sidecar.table(table).newScan().includeColumnStats().planFiles()) {
        for (var task : tasks) {
          var file = task.file();
          assertThat(file.fileSizeInBytes()).isLessThan(2 * target);
          int partitionFieldId =
              sidecar.table(table).schema().findField(KafkaColumns.PARTITION).fieldId();
          assertThat(file.lowerBounds().get(partitionFieldId))
              .isEqualTo(file.upperBounds().get(partitionFieldId));
        }
      }
    }
  }

  @Test
  void timestampsKeepTheirMicrosecondValue() {
    String topic = InProcessSidecar.uniqueTopic("timestamps");
    KAFKA.createTopic(topic, 1);
    KAFKA.produce(
        topic, List.of(new TestRecord(0, null, new byte[] {1}, List.of(), 1_700_000_000_123L)));
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      var table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      OffsetDateTime timestamp =
          (OffsetDateTime) sidecar.rows(table).get(0).getField(KafkaColumns.TIMESTAMP);
      assertThat(timestamp.toInstant()).isEqualTo(Instant.parse("2023-11-14T22:13:20.123Z"));
    }
  }

  @Test
  void abortedTransactionsAreNotRowsAndMarkersStillAdvanceOffsets() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("transactions");
    KAFKA.createTopic(topic, 2);
    try (KafkaProducer<byte[], byte[]> producer = KAFKA.newProducer(Map.of(
        ProducerConfig.TRANSACTIONAL_ID_CONFIG,
        "tx-" + topic,
        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
        true))) {
      producer.initTransactions();
      sendInTransaction(producer, topic, 100, true);
      sendInTransaction(producer, topic, 50, false);
      sendInTransaction(producer, topic, 100, true);

      try (InProcessSidecar sidecar =
          new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
        var table = sidecar.add(topic, Duration.ofMinutes(3));
        RoundResult first = sidecar.runRound(table);
        assertThat(first.rows()).isEqualTo(200);
        assertThat(sidecar.offsets(table)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));

        sendInTransaction(producer, topic, 30, false);
        RoundResult markersOnly = sidecar.runRound(table);
        assertThat(markersOnly.committed()).isTrue();
        assertThat(markersOnly.rows()).isZero();
        assertThat(markersOnly.files()).isZero();
        assertThat(sidecar.offsets(table)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));
        assertThat(sidecar.rows(table)).hasSize(200);

        RoundResult nothingNew = sidecar.runRound(table);
        assertThat(nothingNew.committed()).isFalse();
        Snapshot current = sidecar.table(table).currentSnapshot();
        assertThat(current.summary()).containsEntry("commit-user", "__mink_lake_tiering");
      }
    }
  }

  @Test
  void roundsResumeFromTheOffsetsInTheNewestSnapshot() {
    String topic = InProcessSidecar.uniqueTopic("resume");
    KAFKA.createTopic(topic, 3);
    KAFKA.produce(topic, TestRecords.mixed(1, 1_000, 3));
    try (InProcessSidecar first =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      var table = first.add(topic, Duration.ofMinutes(3));
      first.runRound(table);
      KAFKA.produce(topic, TestRecords.mixed(2, 500, 3));
      try (InProcessSidecar restarted =
          new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
        RoundResult second = restarted.runRound(table);
        assertThat(second.rows()).isEqualTo(500);
        assertThat(restarted.rows(table))
            .hasSize(1_500)
            .extracting(InProcessSidecar::offsetKey)
            .doesNotHaveDuplicates();
      }
    }
  }

  @Test
  void serviceIndexesAddedTablesOnItsScheduleAndShowsProgressAsGroupOffsets() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("scheduled");
    KAFKA.createTopic(topic, 2);
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables")) {
      Thread loop = new Thread(sidecar.service::run, "tiering-loop");
      loop.start();
      try {
        var table = sidecar.add(topic, Duration.ofMillis(500));
        KAFKA.produce(topic, TestRecords.mixed(5, 300, 2));
        awaitGroupOffsets(topic, KAFKA.endOffsets(topic));
        KAFKA.produce(topic, TestRecords.mixed(6, 200, 2));
        awaitGroupOffsets(topic, KAFKA.endOffsets(topic));
        assertThat(sidecar.rows(table))
            .hasSize(500)
            .extracting(InProcessSidecar::offsetKey)
            .doesNotHaveDuplicates();
        assertThat(sidecar.offsets(table)).isEqualTo(LakeOffsets.of(KAFKA.endOffsets(topic)));
      } finally {
        sidecar.service.stop();
        loop.join(30_000);
      }
    }
  }

  private static void awaitGroupOffsets(String topic, Map<Integer, Long> expected) {
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .untilAsserted(() ->
            assertThat(groupOffsets(topic)).as("group offsets of %s", topic).isEqualTo(expected));
  }

  private static Map<Integer, Long> groupOffsets(String topic) throws Exception {
    Map<Integer, Long> committed = new HashMap<>();
    KAFKA
        .admin()
        .listConsumerGroupOffsets("mink-test")
        .partitionsToOffsetAndMetadata()
        .get()
        .forEach((partition, offset) -> {
          if (partition.topic().equals(topic) && offset != null) {
            committed.put(partition.partition(), offset.offset());
          }
        });
    return committed;
  }

  private static void sendInTransaction(
      KafkaProducer<byte[], byte[]> producer, String topic, int count, boolean commit)
      throws Exception {
    producer.beginTransaction();
    for (int i = 0; i < count; i++) {
      var unused = producer.send(TestRecord.of("k" + i, "v" + i).toProducerRecord(topic));
    }
    producer.flush();
    if (commit) {
      producer.commitTransaction();
    } else {
      producer.abortTransaction();
    }
    awaitMarkersWritten(topic);
  }

  /** Transaction markers are written after commit returns; the end offsets settle once they are. */
  private static void awaitMarkersWritten(String topic) {
    await("transaction markers of " + topic + " written")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(20))
        .until(() ->
            KAFKA.endOffsets(topic, IsolationLevel.READ_COMMITTED).equals(KAFKA.endOffsets(topic)));
  }

  private static void assertHeaders(Record row, List<TestHeader> expected) {
    @SuppressWarnings("unchecked")
    List<Record> headers = (List<Record>) row.getField(KafkaColumns.HEADERS);
    assertThat(headers).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(headers.get(i).getField(KafkaColumns.HEADER_KEY))
          .isEqualTo(expected.get(i).key());
      assertThat(bytes(headers.get(i).getField(KafkaColumns.HEADER_VALUE)))
          .isEqualTo(expected.get(i).value());
    }
  }

  static byte[] bytes(Object value) {
    if (value == null) {
      return null;
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }
}
