package io.mink.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class KafkaBrokerIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @Test
  void aStoppedBrokerStartsAgainWithItsTopicsAndRecords() {
    KAFKA.createTopic("restarted", 2);
    KAFKA.produce("restarted", TestRecords.mixed(0, 100, 2));

    KAFKA.stopServing();
    assertThat(KAFKA.isServing()).isFalse();
    KAFKA.startAgain();

    assertThat(KAFKA.isServing()).isTrue();
    KAFKA.produce("restarted", TestRecords.mixed(100, 100, 2));
    assertThat(KAFKA.endOffsets("restarted").values().stream()
            .mapToLong(Long::longValue)
            .sum())
        .isEqualTo(200);
    assertThat(
            readAll("restarted", 2, 200).values().stream().mapToInt(List::size).sum())
        .isEqualTo(200);
  }

  @Test
  void producedRecordsReadBackWithHeadersInOrder() {
    KAFKA.createTopic("mixed", 3);
    List<TestRecord> records = TestRecords.mixed(42, 500, 3);

    List<RecordMetadata> sent = KAFKA.produce("mixed", records);
    Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> read =
        readAll("mixed", 3, records.size());

    for (int i = 0; i < records.size(); i++) {
      TestRecord expected = records.get(i);
      RecordMetadata metadata = sent.get(i);
      ConsumerRecord<byte[], byte[]> actual =
          read.get(new TopicPartition("mixed", metadata.partition())).get((int) metadata.offset());
      String where = "record " + i + " at " + metadata;
      assertThat(actual.partition()).as(where).isEqualTo(expected.partition());
      assertThat(actual.key()).as(where).isEqualTo(expected.key());
      assertThat(actual.value()).as(where).isEqualTo(expected.value());
      assertThat(headerTexts(actual.headers()))
          .as(where)
          .containsExactlyElementsOf(testHeaderTexts(expected.headers()));
      assertThat(actual.timestampType()).as(where).isEqualTo(TimestampType.CREATE_TIME);
      assertThat(actual.timestamp()).as(where).isEqualTo(metadata.timestamp());
      if (expected.timestamp() != null) {
        assertThat(actual.timestamp()).as(where).isEqualTo(expected.timestamp());
      }
    }
  }

  @Test
  void endOffsetsCountTheProducedRecordsOfEachPartition() {
    KAFKA.createTopic("counted", 3);
    List<TestRecord> records = TestRecords.mixed(7, 90, 3);

    KAFKA.produce("counted", records);

    Map<Integer, Long> expected = new HashMap<>();
    records.forEach(record -> expected.merge(record.partition(), 1L, Long::sum));
    assertThat(KAFKA.endOffsets("counted")).isEqualTo(expected);
  }

  @Test
  void readCommittedConsumerSkipsAbortedTransactions() {
    KAFKA.createTopic("transactional", 1);
    try (KafkaProducer<byte[], byte[]> producer =
        KAFKA.newProducer(Map.of("transactional.id", "testkit"))) {
      producer.initTransactions();
      producer.beginTransaction();
      for (TestRecord record : TestRecords.mixed(3, 5, 1)) {
        var unused = producer.send(record.toProducerRecord("transactional"));
      }
      producer.flush();
      producer.abortTransaction();
      producer.beginTransaction();
      for (TestRecord record : TestRecords.mixed(4, 10, 1)) {
        var unused = producer.send(record.toProducerRecord("transactional"));
      }
      producer.commitTransaction();
    }

    int committed = readCommitted("transactional", 10);

    assertThat(committed).isEqualTo(10);
    assertThat(KAFKA.endOffsets("transactional", IsolationLevel.READ_COMMITTED))
        .containsOnly(Map.entry(0, 17L));
  }

  @Test
  void recreatedTopicIsEmptyAndHasNewTopicId() {
    Uuid firstId = KAFKA.createTopic("recreated", 2);
    KAFKA.produce("recreated", TestRecords.mixed(1, 20, 2));

    KAFKA.deleteTopic("recreated");
    Uuid secondId = KAFKA.createTopic("recreated", 2);

    assertThat(secondId).isNotEqualTo(firstId);
    assertThat(KAFKA.topicId("recreated")).isEqualTo(secondId);
    assertThat(KAFKA.endOffsets("recreated")).containsOnly(Map.entry(0, 0L), Map.entry(1, 0L));
  }

  @Test
  void topicConfigsApplyToTheCreatedTopic() throws Exception {
    KAFKA.createTopic("compacted", 1, Map.of("cleanup.policy", "compact"));

    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, "compacted");
    Config config = KAFKA.admin().describeConfigs(List.of(resource)).all().get().get(resource);

    assertThat(config.get("cleanup.policy").value()).isEqualTo("compact");
  }

  @Test
  void creatingAnExistingTopicSaysToDeleteItFirst() {
    KAFKA.createTopic("taken", 1);

    assertThatThrownBy(() -> KAFKA.createTopic("taken", 1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "Cannot create topic taken: it already exists; delete it first or use another name");
  }

  @Test
  void producingToAMissingTopicSaysToCreateItFirst() {
    assertThatThrownBy(() -> KAFKA.produce("missing", List.of(TestRecord.of("k", "v"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Cannot produce to topic missing: it does not exist; create it first with createTopic");
  }

  @Test
  void deletingAMissingTopicFails() {
    assertThatThrownBy(() -> KAFKA.deleteTopic("never-created"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot delete topic never-created: it does not exist");
  }

  @Test
  void brokerRunsWithFastSingleNodeDefaults() throws Exception {
    String brokerId =
        KAFKA.admin().describeCluster().nodes().get().iterator().next().idString();
    ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, brokerId);
    Config config = KAFKA.admin().describeConfigs(List.of(broker)).all().get().get(broker);

    KafkaBroker.DEFAULT_BROKER_PROPERTIES.forEach(
        (key, value) -> assertThat(config.get(key).value()).as(key).isEqualTo(value));
  }

  @Test
  void extraBrokerPropertiesOverrideTheDefaults() {
    KafkaBroker broker =
        new KafkaBroker(Map.of("offsets.topic.num.partitions", "1", "log.retention.ms", "1000"));

    assertThat(broker.brokerProperties())
        .containsEntry("offsets.topic.num.partitions", "1")
        .containsEntry("log.retention.ms", "1000")
        .containsEntry("transaction.state.log.num.partitions", "4");
  }

  @Test
  void startingARunningBrokerKeepsIt() {
    String before = KAFKA.bootstrapServers();

    KAFKA.start();

    assertThat(KAFKA.bootstrapServers()).isEqualTo(before);
  }

  @Test
  void stoppedBrokerSaysHowToStartIt() {
    KafkaBroker stopped = new KafkaBroker();
    stopped.close();
    stopped.close();

    assertThat(stopped.isRunning()).isFalse();
    assertThatThrownBy(stopped::bootstrapServers)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("The Kafka broker is not running: call start() first, or register it with "
            + "@RegisterExtension on a static field so JUnit starts it before the class's tests");
  }

  private static Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> readAll(
      String topic, int partitions, int count) {
    List<TopicPartition> assignment = IntStream.range(0, partitions)
        .mapToObj(p -> new TopicPartition(topic, p))
        .toList();
    Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> read = new HashMap<>();
    assignment.forEach(partition -> read.put(partition, new ArrayList<>()));
    try (KafkaConsumer<byte[], byte[]> consumer = KAFKA.newConsumer()) {
      consumer.assign(assignment);
      consumer.seekToBeginning(assignment);
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      int total = 0;
      while (total < count && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          read.get(new TopicPartition(record.topic(), record.partition())).add(record);
          total++;
        }
      }
      assertThat(total).as("records read back from " + topic).isEqualTo(count);
    }
    return read;
  }

  /** Polls one partition until {@code count} records arrived; a commit's markers land after commitTransaction returns. */
  private static int readCommitted(String topic, int count) {
    TopicPartition partition = new TopicPartition(topic, 0);
    try (KafkaConsumer<byte[], byte[]> consumer = KAFKA.newConsumer()) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      int read = 0;
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (read < count && System.nanoTime() < deadline) {
        read += consumer.poll(Duration.ofMillis(200)).count();
      }
      read += consumer.poll(Duration.ofMillis(200)).count();
      return read;
    }
  }

  private static List<String> headerTexts(Iterable<Header> headers) {
    List<String> texts = new ArrayList<>();
    headers.forEach(header -> texts.add(headerText(header.key(), header.value())));
    return texts;
  }

  private static List<String> testHeaderTexts(List<TestHeader> headers) {
    return headers.stream()
        .map(header -> headerText(header.key(), header.value()))
        .toList();
  }

  private static String headerText(String key, byte[] value) {
    return key + "=" + (value == null ? "null" : "0x" + HexFormat.of().formatHex(value));
  }
}
