package io.mink.indexer.stats;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import io.mink.tables.KafkaClientFactory;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The lag measured against a real broker: offsets from Kafka now, time lag from the first record not in the lake. */
class LagProbeIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @Test
  void lagIsTheRecordsAfterTheLakeOffsetAndTheAgeOfTheFirst() {
    String topic = topic(2);
    long start = System.currentTimeMillis() - 60_000;
    KAFKA.produce(topic, records(0, 0, 10, start));
    KAFKA.produce(topic, records(1, 0, 5, start));

    List<PartitionMeasure> measures = measure(topic, LakeOffsets.of(Map.of(0, 4L, 1, 5L)));

    assertThat(measures)
        .extracting(
            PartitionMeasure::partition,
            PartitionMeasure::recordedOffset,
            PartitionMeasure::endOffset,
            PartitionMeasure::offsetLag)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, 4L, 10L, 6L),
            org.assertj.core.groups.Tuple.tuple(1, 5L, 5L, 0L));
    // the record at offset 4 was stamped start + 4 s: about 56 s old
    assertThat(measures.get(0).timeLag()).isBetween(Duration.ofSeconds(55), Duration.ofSeconds(90));
    assertThat(measures.get(1).timeLag()).isEqualTo(Duration.ZERO);
  }

  @Test
  void tableWithNoRecordedOffsetsLagsFromTheLogStart() {
    String topic = topic(1);
    KAFKA.produce(topic, records(0, 0, 3, System.currentTimeMillis() - 5_000));

    PartitionMeasure measure = measure(topic, LakeOffsets.NONE).get(0);

    assertThat(measure.recordedOffset()).isNull();
    assertThat(measure.nextOffset()).isZero();
    assertThat(measure.offsetLag()).isEqualTo(3);
    assertThat(measure.timeLag()).isGreaterThanOrEqualTo(Duration.ofSeconds(5));
    assertThat(measure.gap()).isEmpty();
  }

  @Test
  void offsetsAloneAreMeasuredWithoutReadingRecords() {
    String topic = topic(1);
    KAFKA.produce(topic, records(0, 0, 8, System.currentTimeMillis()));

    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      PartitionMeasure measure = new LagProbe(consumer, Clock.systemUTC(), Duration.ofSeconds(10))
          .measureOffsets(topic, LakeOffsets.of(Map.of(0, 3L)))
          .orElseThrow()
          .get(0);

      assertThat(measure.recordedOffset()).isEqualTo(3L);
      assertThat(measure.endOffset()).isEqualTo(8);
      assertThat(measure.offsetLag()).isEqualTo(5);
      assertThat(measure.timeLag()).isNull();
      assertThat(consumer.assignment()).isEmpty();
    }
  }

  @Test
  void missingTopicMeasuresNothing() {
    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      assertThat(new LagProbe(consumer, Clock.systemUTC(), Duration.ofSeconds(5))
              .measure("no_such_topic_" + UUID.randomUUID(), LakeOffsets.NONE))
          .isEmpty();
    }
  }

  private static List<PartitionMeasure> measure(String topic, LakeOffsets offsets) {
    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      List<PartitionMeasure> measures = new LagProbe(
              consumer, Clock.systemUTC(), Duration.ofSeconds(10))
          .measure(topic, offsets)
          .orElseThrow();
      assertThat(consumer.assignment()).isEmpty();
      return measures;
    }
  }

  private static KafkaConsumer<byte[], byte[]> consumer() {
    return new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "lag-test")
        .rawConsumer("lag", LagProbe.CONSUMER_SETTINGS);
  }

  private static String topic(int partitions) {
    String topic = "lag_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  /** Records {@code from} to {@code to} of a partition, the i-th stamped {@code start + i} seconds. */
  private static List<TestRecord> records(int partition, int from, int to, long start) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = from; i < to; i++) {
      records.add(new TestRecord(
          partition,
          null,
          ("record " + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          start + i * 1000L));
    }
    return records;
  }
}
