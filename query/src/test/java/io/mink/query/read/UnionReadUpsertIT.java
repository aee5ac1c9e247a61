package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.UpsertModel;
import io.mink.schema.KafkaColumns;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The union read of upsert tables against a real broker and lake: after rounds of inserts, updates, tombstones and
 * records without a key, and a tail that updates and deletes lake keys, adds keys and updates one key again and
 * again, the read is the model's newest value of each key below the high watermarks, each key once; the lake alone
 * is the model below the snapshot's offsets, whichever reader applies its deletion vectors or position deletes.
 */
class UnionReadUpsertIT {
  private static final int KEYS = 200;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private final UpsertModel model = new UpsertModel();
  private final List<UpsertModel.Produced> produced = new ArrayList<>();

  @ParameterizedTest(name = "format {0}")
  @ValueSource(strings = {"2", "3"})
  void theUnionIsTheModelBelowTheHighWatermarksAndTheLakeTheModelBelowTheSeams(String format) {
    String topic = topic(3);
    Random random = new Random(31 + format.hashCode());
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = upsertTable(sidecar, topic, format);
      for (int round = 0; round < 3; round++) {
        produceRandom(topic, random, 300 + random.nextInt(200));
        sidecar.runRound(table);
      }
      Map<Integer, Long> seams = sidecar.offsets(table).nextOffsets();
      List<String> lakeKeys = new ArrayList<>(model.liveBelow(seams).keySet());
      produceRandom(topic, random, 150);
      produceTail(topic, lakeKeys);
      Map<String, UpsertModel.Row> expected = model.liveBelow(endOffsets(sidecar, topic));

      ReadRows union = UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union));

      assertThat(byKey(union)).isEqualTo(expected);
      assertThat(expected).containsKeys("tail-new-0", "tail-new-2");
      assertThat(expected).doesNotContainKeys(lakeKeys.get(1), "tail-new-1");
      assertThat(expected.get(lakeKeys.get(2)).value()).isEqualTo("again-4");
      assertLakeThenTailInOffsetOrder(union, seams);
      Map<String, UpsertModel.Row> lakeModel = model.liveBelow(seams);
      assertThat(byKey(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.lake))))
          .as("the lake, read row by row")
          .isEqualTo(lakeModel);
      assertThat(byKey(UnionReadIT.read(
              sidecar,
              table,
              ReadRequest.of(ReadMode.lake)
                  .withColumns(List.of(
                      KafkaColumns.KEY,
                      KafkaColumns.VALUE,
                      KafkaColumns.PARTITION,
                      KafkaColumns.OFFSET)))))
          .as("the lake's primitive columns, which a file without deletes reads vectorized")
          .isEqualTo(lakeModel);
      assertThat(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.log)).rows())
          .hasSize(produced.size());

      sidecar.runRound(table);
      assertThat(byKey(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.lake))))
          .as("the lake once the next round tiered the tail")
          .isEqualTo(expected);
    }
  }

  @Test
  void aTableNeverTieredReadsItsWholeLogFoldedToItsLiveRows() {
    String topic = topic(2);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = upsertTable(sidecar, topic, "3");
      produceRandom(topic, new Random(3), 500);

      ReadRows union = UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union));

      assertThat(byKey(union)).isEqualTo(model.liveBelow(endOffsets(sidecar, topic)));
      assertThat(union.point().snapshotId()).isEmpty();
      assertThat(UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.lake)).rows())
          .isEmpty();
    }
  }

  @Test
  void columnsLimitAndATailReadAgainFromKafkaKeepTheMerge() {
    String topic = topic(2);
    Random random = new Random(7);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = upsertTable(sidecar, topic, "2");
      produceRandom(topic, random, 400);
      sidecar.runRound(table);
      Map<Integer, Long> seams = sidecar.offsets(table).nextOffsets();
      produceRandom(topic, random, 300);
      produceTail(topic, new ArrayList<>(model.liveBelow(seams).keySet()));
      Map<Integer, Long> ends = endOffsets(sidecar, topic);
      Map<String, UpsertModel.Row> expected = model.liveBelow(ends);
      long keysOnly = tailKeyBytes(seams, ends);

      ReadRows values = UnionReadIT.read(
          sidecar, table, ReadRequest.of(ReadMode.union).withColumns(List.of(KafkaColumns.VALUE)));
      ReadRows limited =
          UnionReadIT.read(sidecar, table, ReadRequest.of(ReadMode.union).withLimit(9));
      ReadRows rereadTails = read(sidecar, table, ReadRequest.of(ReadMode.union), keysOnly + 64);

      assertThat(values.schema().columns())
          .extracting(c -> c.name())
          .containsExactly("_kafka_value");
      assertThat(values.rows())
          .extracting(row -> text(row.getField(KafkaColumns.VALUE)))
          .containsExactlyInAnyOrderElementsOf(
              expected.values().stream().map(UpsertModel.Row::value).toList());
      assertThat(limited.rows()).hasSize(9);
      assertThat(byKey(limited).values())
          .allSatisfy(row -> assertThat(expected).containsValue(row));
      assertThat(byKey(rereadTails)).isEqualTo(expected);
      assertThatThrownBy(() -> read(sidecar, table, ReadRequest.of(ReadMode.union), 2048))
          .isInstanceOf(MinkException.class)
          .hasMessageStartingWith("Cannot merge the Kafka tail of topic " + topic
              + " by key: the keys it changed take more than the read's tail memory of 2048 bytes "
              + "(UnionRead.TAIL_MEMORY_BYTES)")
          .hasMessageEndingWith(
              "Read fewer partitions with --partitions, read the last round's rows "
                  + "with --mode lake, or read again once the sidecar has tiered the tail");
    }
  }

  /**
   * What the tail's keys take in a read's memory: with a little more than that, every batch of the tail is let go
   * and read again from Kafka as its rows are taken.
   */
  private long tailKeyBytes(Map<Integer, Long> seams, Map<Integer, Long> ends) {
    Map<Integer, Set<String>> keys = new TreeMap<>();
    for (UpsertModel.Produced record : produced) {
      if (record.key() != null
          && record.offset() >= seams.getOrDefault(record.partition(), 0L)
          && record.offset() < ends.get(record.partition())) {
        keys.computeIfAbsent(record.partition(), p -> new HashSet<>()).add(record.key());
      }
    }
    return keys.values().stream()
        .flatMap(Set::stream)
        .mapToLong(key -> TailChanges.KEY_OVERHEAD_BYTES + key.length())
        .sum();
  }

  /** Updates, deletes and re-puts lake keys, adds keys, deletes one of them, and updates one key five times. */
  private void produceTail(String topic, List<String> lakeKeys) {
    List<TestRecord> records = new ArrayList<>();
    records.add(TestRecord.of(lakeKeys.get(0), "tail-update"));
    records.add(TestRecord.of(lakeKeys.get(1), null));
    records.add(TestRecord.of("tail-new-0", "new-0"));
    records.add(TestRecord.of("tail-new-1", "new-1"));
    records.add(TestRecord.of(null, "no-key"));
    records.add(TestRecord.of("tail-new-1", null));
    records.add(TestRecord.of(lakeKeys.get(3), null));
    records.add(TestRecord.of(lakeKeys.get(3), "back-again"));
    records.add(TestRecord.of("tail-new-2", null));
    records.add(TestRecord.of("tail-new-2", "after-a-tombstone"));
    for (int i = 0; i < 5; i++) {
      records.add(TestRecord.of(lakeKeys.get(2), "again-" + i));
    }
    send(topic, records);
  }

  /** Inserts of new keys, updates and tombstones of known ones, and a few records without a key. */
  private void produceRandom(String topic, Random random, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int choice = random.nextInt(100);
      String key = choice < 3 ? null : "key-" + random.nextInt(KEYS);
      String value = choice >= 3 && choice < 18 ? null : "value-" + random.nextLong();
      records.add(TestRecord.of(key, value));
    }
    send(topic, records);
  }

  private void send(String topic, List<TestRecord> records) {
    List<RecordMetadata> sent = KAFKA.produce(topic, records);
    for (int i = 0; i < records.size(); i++) {
      UpsertModel.Produced record = new UpsertModel.Produced(
          sent.get(i).partition(),
          sent.get(i).offset(),
          UpsertModel.text(records.get(i).key()),
          UpsertModel.text(records.get(i).value()));
      model.add(record.partition(), record.offset(), record.key(), record.value());
      produced.add(record);
    }
  }

  /** Each partition's rows at or past its seam (the tail's) come after its lake rows, in offset order. */
  private static void assertLakeThenTailInOffsetOrder(ReadRows read, Map<Integer, Long> seams) {
    Map<Integer, List<Long>> byPartition = new TreeMap<>();
    for (Record row : read.rows()) {
      byPartition
          .computeIfAbsent((Integer) row.getField(KafkaColumns.PARTITION), p -> new ArrayList<>())
          .add((Long) row.getField(KafkaColumns.OFFSET));
    }
    byPartition.forEach((partition, offsets) -> {
      long seam = seams.getOrDefault(partition, 0L);
      List<Long> tail = offsets.stream().dropWhile(offset -> offset < seam).toList();
      assertThat(tail).as("partition %d after its lake rows", partition).isSorted();
      assertThat(tail).allSatisfy(offset -> assertThat(offset).isGreaterThanOrEqualTo(seam));
    });
    assertThat(read.rows())
        .extracting(row -> (Integer) row.getField(KafkaColumns.PARTITION))
        .isSorted();
  }

  /** The rows by key; fails on a key read twice. */
  static Map<String, UpsertModel.Row> byKey(ReadRows read) {
    Map<String, UpsertModel.Row> rows = new TreeMap<>();
    for (Record record : read.rows()) {
      UpsertModel.Row row = new UpsertModel.Row(
          text(record.getField(KafkaColumns.KEY)),
          text(record.getField(KafkaColumns.VALUE)),
          (Integer) record.getField(KafkaColumns.PARTITION),
          (Long) record.getField(KafkaColumns.OFFSET));
      assertThat(rows.put(row.key(), row)).as("key %s twice", row.key()).isNull();
    }
    return rows;
  }

  private static ReadRows read(
      InProcessSidecar sidecar, TableDescriptor table, ReadRequest request, long tailMemory) {
    try (KafkaConsumer<byte[], byte[]> consumer = UnionReadIT.consumer(sidecar)) {
      return ReadRows.of(new UnionRead(
              sidecar.table(table),
              table,
              consumer,
              TopicIds.connecting(sidecar.clients),
              Optional.empty(),
              ReadProgress.NONE,
              tailMemory)
          .read(request));
    }
  }

  private static Map<Integer, Long> endOffsets(InProcessSidecar sidecar, String topic) {
    try (KafkaConsumer<byte[], byte[]> consumer = UnionReadIT.consumer(sidecar)) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
          .map(info -> new TopicPartition(topic, info.partition()))
          .toList();
      Map<Integer, Long> ends = new HashMap<>();
      consumer
          .endOffsets(partitions)
          .forEach((partition, end) -> ends.put(partition.partition(), end));
      return ends;
    }
  }

  static TableDescriptor upsertTable(InProcessSidecar sidecar, String topic, String format) {
    return sidecar.add(
        topic, Duration.ofMinutes(3), Map.of("mode", "upsert", "iceberg.format-version", format));
  }

  private static String text(Object bytes) {
    if (bytes == null) {
      return null;
    }
    ByteBuffer buffer = ((ByteBuffer) bytes).duplicate();
    byte[] copy = new byte[buffer.remaining()];
    buffer.get(copy);
    return UpsertModel.text(copy);
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables");
  }

  private static String topic(int partitions) {
    String topic = InProcessSidecar.uniqueTopic("upsert-read");
    KAFKA.createTopic(topic, partitions);
    return topic;
  }
}
