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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Many tables' lag in one sweep against a real broker: the same measures as one probe per table. */
class LagSweepIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @Test
  void sweepMeasuresWhatAProbePerTableMeasures() {
    Random random = new Random(7);
    long start = System.currentTimeMillis() - 120_000;
    List<LagSweep.Target> targets = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      int partitions = 1 + random.nextInt(3);
      String topic = topic(partitions);
      Map<Integer, Long> recorded = new HashMap<>();
      for (int partition = 0; partition < partitions; partition++) {
        int records = i % 3 == 0 ? 0 : random.nextInt(8);
        if (records > 0) {
          KAFKA.produce(topic, records(partition, records, start));
        }
        if (i % 5 != 0) {
          recorded.put(partition, (long) random.nextInt(records + 1));
        }
      }
      targets.add(new LagSweep.Target("kafka.table_" + i, topic, LakeOffsets.of(recorded)));
    }

    Map<String, List<PartitionMeasure>> swept = sweep(targets);

    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      LagProbe probe = new LagProbe(consumer, Clock.systemUTC(), Duration.ofSeconds(10));
      assertThat(swept).hasSize(targets.size());
      for (LagSweep.Target target : targets) {
        List<PartitionMeasure> probed =
            probe.measure(target.topic(), target.recorded()).orElseThrow();
        List<PartitionMeasure> measured = swept.get(target.table());
        assertThat(measured)
            .as(target.table())
            .usingRecursiveFieldByFieldElementComparatorIgnoringFields("timeLag")
            .containsExactlyElementsOf(probed);
        for (int p = 0; p < probed.size(); p++) {
          assertThat(measured.get(p).timeLag() == null).isEqualTo(probed.get(p).timeLag() == null);
          if (probed.get(p).timeLag() != null) {
            assertThat(measured.get(p).timeLag().minus(probed.get(p).timeLag()).abs())
                .as("%s partition %d", target.table(), p)
                .isLessThan(Duration.ofSeconds(15));
          }
        }
      }
    }
  }

  @Test
  void tablesOfOneTopicAtDifferentOffsetsEachGetTheAgeOfTheirOwnFirstRecord() {
    String topic = topic(1);
    long start = System.currentTimeMillis() - 600_000;
    KAFKA.produce(topic, records(0, 10, start));

    Map<String, List<PartitionMeasure>> swept = sweep(List.of(
        new LagSweep.Target("kafka.behind", topic, LakeOffsets.of(Map.of(0, 2L))),
        new LagSweep.Target("kafka.ahead", topic, LakeOffsets.of(Map.of(0, 8L))),
        new LagSweep.Target("kafka.done", topic, LakeOffsets.of(Map.of(0, 10L)))));

    // the record at offset i was stamped start + i minutes: 8 and 2 minutes old
    assertThat(swept.get("kafka.behind").get(0).timeLag())
        .isBetween(Duration.ofMinutes(8), Duration.ofMinutes(9));
    assertThat(swept.get("kafka.ahead").get(0).timeLag())
        .isBetween(Duration.ofMinutes(2), Duration.ofMinutes(3));
    assertThat(swept.get("kafka.done").get(0).timeLag()).isEqualTo(Duration.ZERO);
    assertThat(swept.get("kafka.behind").get(0).offsetLag()).isEqualTo(8);
    assertThat(swept.get("kafka.ahead").get(0).offsetLag()).isEqualTo(2);
  }

  @Test
  void tableOfAMissingTopicIsLeftOutAndTheOthersAreMeasured() {
    String topic = topic(2);
    KAFKA.produce(topic, records(1, 4, System.currentTimeMillis()));

    Map<String, List<PartitionMeasure>> swept = sweep(List.of(
        new LagSweep.Target("kafka.gone", "no_such_topic_" + UUID.randomUUID(), LakeOffsets.NONE),
        new LagSweep.Target("kafka.here", topic, LakeOffsets.NONE)));

    assertThat(swept).containsOnlyKeys("kafka.here");
    assertThat(swept.get("kafka.here"))
        .extracting(PartitionMeasure::partition, PartitionMeasure::offsetLag)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(0, 0L), org.assertj.core.groups.Tuple.tuple(1, 4L));
  }

  @Test
  void onlyMissingTopicsMeasureNothing() {
    assertThat(sweep(List.of(new LagSweep.Target(
            "kafka.gone", "no_such_topic_" + UUID.randomUUID(), LakeOffsets.NONE))))
        .isEmpty();
  }

  private static Map<String, List<PartitionMeasure>> sweep(List<LagSweep.Target> targets) {
    try (Admin admin = clients().admin();
        KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      Map<String, List<PartitionMeasure>> swept = new LagSweep(
              admin,
              new LagProbe(consumer, Clock.systemUTC(), Duration.ofSeconds(10)),
              Duration.ofSeconds(30))
          .measure(targets);
      assertThat(consumer.assignment()).isEmpty();
      return swept;
    }
  }

  private static KafkaConsumer<byte[], byte[]> consumer() {
    return clients().rawConsumer("lag", LagProbe.CONSUMER_SETTINGS);
  }

  private static KafkaClientFactory clients() {
    return new KafkaClientFactory(
        Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "lag-sweep-test");
  }

  private static String topic(int partitions) {
    String topic = "sweep_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  /** {@code count} records of a partition, the i-th stamped {@code start + i} minutes. */
  private static List<TestRecord> records(int partition, int count, long start) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          partition,
          null,
          ("record " + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          start + i * 60_000L));
    }
    return records;
  }
}
