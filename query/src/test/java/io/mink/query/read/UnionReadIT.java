package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.OffsetGap;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.KafkaColumns;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The union read of raw tables against a real broker and catalog: the seam, transactions, gaps, read points. */
class UnionReadIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aTableWithoutAnyRoundReadsTheWholeLogAndItsLakeIsEmpty() {
    String topic = topic(2);
    produce(topic, 0, 0, 5);
    produce(topic, 1, 0, 3);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));

      ReadRows union = read(sidecar, table, ReadRequest.of(ReadMode.union));
      ReadRows lake = read(sidecar, table, ReadRequest.of(ReadMode.lake));

      assertThat(union.offsets())
          .containsExactly("0@0", "0@1", "0@2", "0@3", "0@4", "1@0", "1@1", "1@2");
      assertThat(values(union)).startsWith("p0-0", "p0-1");
      assertThat(union.point().snapshotId()).isEmpty();
      assertThat(union.point().token()).isEqualTo("v1:s=none:0=0-5,1=0-3");
      assertThat(lake.rows()).isEmpty();
    }
  }

  @Test
  void lakeRowsComeFirstThenTheTailFromTheSeamEachRecordOnce() {
    String topic = topic(2);
    produce(topic, 0, 0, 4);
    produce(topic, 1, 0, 2);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 4, 3);

      ReadRows union = read(sidecar, table, ReadRequest.of(ReadMode.union));
      ReadRows lake = read(sidecar, table, ReadRequest.of(ReadMode.lake));
      ReadRows log = read(sidecar, table, ReadRequest.of(ReadMode.log));

      assertThat(union.offsets())
          .containsExactly("0@0", "0@1", "0@2", "0@3", "0@4", "0@5", "0@6", "1@0", "1@1");
      assertThat(values(union))
          .containsExactly("p0-0", "p0-1", "p0-2", "p0-3", "p0-4", "p0-5", "p0-6", "p1-0", "p1-1");
      long snapshot = sidecar.table(table).currentSnapshot().snapshotId();
      assertThat(union.point().token()).isEqualTo("v1:s=" + snapshot + ":0=4-7,1=2-2");
      assertThat(lake.offsets()).containsExactly("0@0", "0@1", "0@2", "0@3", "1@0", "1@1");
      assertThat(log.offsets()).isEqualTo(union.offsets());
      assertThat(log.point().snapshotId()).isEmpty();
    }
  }

  @Test
  void aReadPlannedBeforeACommitAndFinishedAfterItSeesOneSnapshotAndOneSeam() {
    String topic = topic(1);
    produce(topic, 0, 0, 20);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 20, 10);
      try (KafkaConsumer<byte[], byte[]> consumer = consumer(sidecar);
          ReadResult result = new UnionRead(
                  sidecar.table(table),
                  table,
                  consumer,
                  TopicIds.connecting(sidecar.clients),
                  Optional.empty(),
                  ReadProgress.NONE)
              .read(ReadRequest.of(ReadMode.union).withBatchSize(5))) {
        List<String> seen = new ArrayList<>();
        seen.addAll(take(result, 1));
        produce(topic, 0, 30, 10);
        sidecar.runRound(table);
        while (result.batches().hasNext()) {
          seen.addAll(take(result, 1));
        }

        assertThat(seen).hasSize(30).doesNotHaveDuplicates();
        assertThat(result.point().tails().get(0)).isEqualTo(new TailRange(0, 20, 30));
      }
      assertThat(read(sidecar, table, ReadRequest.of(ReadMode.union)).rows()).hasSize(40);
    }
  }

  @Test
  void abortedTransactionsAndTheirMarkersNeverAppear() throws Exception {
    String topic = topic(1);
    try (KafkaProducer<byte[], byte[]> producer =
        KAFKA.newProducer(Map.of("transactional.id", topic + "-tx"))) {
      producer.initTransactions();
      transaction(producer, topic, "committed-1", true);
      transaction(producer, topic, "aborted", false);
      try (InProcessSidecar sidecar = sidecar()) {
        TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
        sidecar.runRound(table);
        transaction(producer, topic, "committed-2", true);
        transaction(producer, topic, "aborted-too", false);
        transaction(producer, topic, "committed-3", true);

        ReadRows union = read(sidecar, table, ReadRequest.of(ReadMode.union));

        assertThat(values(union))
            .containsExactly(
                "committed-1-0",
                "committed-1-1",
                "committed-2-0",
                "committed-2-1",
                "committed-3-0",
                "committed-3-1");
        assertThat(union.offsets()).doesNotHaveDuplicates();
      }
    }
  }

  @Test
  void aRetentionGapIsReportedAndTheReadGoesOnFromLogStart() throws Exception {
    String topic = topic(1);
    produce(topic, 0, 0, 5);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 5, 10);
      deleteBefore(topic, 0, 9);

      ReadRows union = read(sidecar, table, ReadRequest.of(ReadMode.union));

      assertThat(union.gaps()).containsExactly(new OffsetGap(0, 5, 9));
      assertThat(union.offsets())
          .containsExactly(
              "0@0", "0@1", "0@2", "0@3", "0@4", "0@9", "0@10", "0@11", "0@12", "0@13", "0@14");
    }
  }

  @Test
  void aReadPointRepeatsTheSameReadUntilKafkaNoLongerHoldsItsTail() throws Exception {
    String topic = topic(2);
    produce(topic, 0, 0, 6);
    produce(topic, 1, 0, 4);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 6, 4);
      ReadRows first = read(sidecar, table, ReadRequest.of(ReadMode.union));
      produce(topic, 0, 10, 5);
      produce(topic, 1, 4, 5);
      sidecar.runRound(table);

      ReadRows again = read(
          sidecar,
          table,
          ReadRequest.of(ReadMode.union).at(ReadPoint.parse(first.point().token())));
      ReadRows now = read(sidecar, table, ReadRequest.of(ReadMode.union));

      assertThat(again.offsets()).isEqualTo(first.offsets());
      assertThat(values(again)).isEqualTo(values(first));
      assertThat(now.rows()).hasSize(24);

      deleteBefore(topic, 0, 8);
      assertThatThrownBy(
              () -> read(sidecar, table, ReadRequest.of(ReadMode.union).at(first.point())))
          .isInstanceOf(MinkException.class)
          .hasMessage(
              "Cannot read partition 0 of topic " + topic
                  + " at this point again: offsets [6, 8) are no "
                  + "longer in Kafka (retention removed them); read without --at for the table as it is now");
    }
  }

  @Test
  void columnsFilterPartitionsAndLimitApplyToTheLakeAndTheTailAlike() {
    String topic = topic(3);
    for (int partition = 0; partition < 3; partition++) {
      produce(topic, partition, 0, 10);
    }
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      for (int partition = 0; partition < 3; partition++) {
        produce(topic, partition, 10, 10);
      }

      ReadRows filtered = read(
          sidecar,
          table,
          ReadRequest.of(ReadMode.union)
              .withColumns(List.of("_kafka_offset", "_KAFKA_PARTITION"))
              .withFilter(Expressions.and(
                  Expressions.greaterThanOrEqual(KafkaColumns.OFFSET, 8L),
                  Expressions.lessThan(KafkaColumns.OFFSET, 12L)))
              .withPartitions(Set.of(0, 2)));
      ReadRows limited = read(sidecar, table, ReadRequest.of(ReadMode.union).withLimit(25));

      assertThat(filtered.schema().columns().stream().map(c -> c.name()).toList())
          .containsExactly("_kafka_offset", "_kafka_partition");
      assertThat(filtered.offsets())
          .containsExactly("0@8", "0@9", "0@10", "0@11", "2@8", "2@9", "2@10", "2@11");
      assertThat(limited.rows()).hasSize(25);
      assertThat(limited.offsets().get(24)).isEqualTo("1@4");
    }
  }

  @Test
  void unknownColumnsAndPartitionsAreRefusedWithWhatTheTableHas() {
    String topic = topic(2);
    produce(topic, 0, 0, 1);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));

      assertThatThrownBy(() ->
              read(sidecar, table, ReadRequest.of(ReadMode.union).withColumns(List.of("amount"))))
          .hasMessage(
              "--columns names amount, which table " + table.qualifiedName()
                  + " does not have; its columns "
                  + "are _kafka_partition, _kafka_offset, _kafka_timestamp, _kafka_key, _kafka_headers, _kafka_value");
      assertThatThrownBy(() ->
              read(sidecar, table, ReadRequest.of(ReadMode.union).withPartitions(Set.of(1, 5))))
          .hasMessage("--partitions names partition [5] that topic " + topic
              + " does not have; it has " + "partitions 0 to 1");
    }
  }

  static ReadRows read(InProcessSidecar sidecar, TableDescriptor table, ReadRequest request) {
    try (KafkaConsumer<byte[], byte[]> consumer = consumer(sidecar)) {
      return ReadRows.of(new UnionRead(
              sidecar.table(table),
              table,
              consumer,
              TopicIds.connecting(sidecar.clients),
              Optional.empty(),
              ReadProgress.NONE)
          .read(request));
    }
  }

  static KafkaConsumer<byte[], byte[]> consumer(InProcessSidecar sidecar) {
    return new KafkaClientFactory(
            Map.of("bootstrap.servers", sidecar.clients.bootstrapServers()), "mink-read-test")
        .rawConsumer("read", UnionRead.CONSUMER_SETTINGS);
  }

  private static List<String> take(ReadResult result, int batches) {
    List<String> offsets = new ArrayList<>();
    for (int i = 0; i < batches && result.batches().hasNext(); i++) {
      try (var batch = result.batches().next()) {
        batch
            .toRecords()
            .forEach(row -> offsets.add(
                row.getField(KafkaColumns.PARTITION) + "@" + row.getField(KafkaColumns.OFFSET)));
      }
    }
    return offsets;
  }

  static List<String> values(ReadRows read) {
    return read.rows().stream().map(UnionReadIT::value).toList();
  }

  private static String value(Record row) {
    ByteBuffer value = (ByteBuffer) row.getField(KafkaColumns.VALUE);
    return value == null
        ? null
        : StandardCharsets.UTF_8.decode(value.duplicate()).toString();
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables");
  }

  private static String topic(int partitions) {
    String topic = InProcessSidecar.uniqueTopic("read");
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  /** {@code count} records into the partition, valued p{partition}-{n} from n = {@code first}. */
  static void produce(String topic, int partition, int first, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int n = first; n < first + count; n++) {
      records.add(new TestRecord(
          partition,
          null,
          ("p" + partition + "-" + n).getBytes(StandardCharsets.UTF_8),
          List.of(),
          null));
    }
    KAFKA.produce(topic, records);
  }

  private static void transaction(
      KafkaProducer<byte[], byte[]> producer, String topic, String name, boolean commit)
      throws Exception {
    producer.beginTransaction();
    for (int i = 0; i < 2; i++) {
      producer
          .send(new ProducerRecord<>(
              topic, 0, null, (name + "-" + i).getBytes(StandardCharsets.UTF_8)))
          .get();
    }
    if (commit) {
      producer.commitTransaction();
    } else {
      producer.abortTransaction();
    }
  }

  private static void deleteBefore(String topic, int partition, long offset) throws Exception {
    KAFKA
        .admin()
        .deleteRecords(
            Map.of(new TopicPartition(topic, partition), RecordsToDelete.beforeOffset(offset)))
        .all()
        .get(30, TimeUnit.SECONDS);
  }
}
