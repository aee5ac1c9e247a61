package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.tables.CompactedTopic;
import io.mink.tables.KafkaClientFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The compacted topic the sidecar instances publish their tables' statuses to: one partition, key the qualified
 * table name, value a {@link StatusCodec} record. Several records of one table may be there at once (compaction is
 * lazy, and a table that moved was published by its old and its new owner); {@link PublishedStatus#newer} picks one.
 */
public final class StatusTopic {
  private static final Logger LOG = LoggerFactory.getLogger(StatusTopic.class);

  private final KafkaClientFactory clients;
  private final String topic;

  public StatusTopic(KafkaClientFactory clients, String topic) {
    this.clients = requireNonNull(clients, "clients is null");
    this.topic = requireNonNull(topic, "topic is null");
  }

  public String name() {
    return topic;
  }

  /** Creates the topic, compacted with one partition, when it does not exist yet. */
  public void ensure(Admin admin) {
    CompactedTopic.ensure(admin, topic, "status", clients.minkTopics());
  }

  /**
   * Reads the topic to its end: per table, the status to show. A record that cannot be read is passed over with a
   * warning; a topic that does not exist yet holds no statuses.
   *
   * @throws org.apache.kafka.common.errors.TimeoutException when Kafka does not answer within {@code timeout}
   */
  public Map<String, PublishedStatus> read(Duration timeout) {
    Map<String, PublishedStatus> statuses = new TreeMap<>();
    TopicPartition partition = new TopicPartition(topic, 0);
    try (KafkaConsumer<byte[], byte[]> consumer = clients.rawConsumer("status", Map.of())) {
      if (consumer.partitionsFor(topic, timeout).isEmpty()) {
        return statuses;
      }
      consumer.assign(Set.of(partition));
      consumer.seekToBeginning(Set.of(partition));
      long end = consumer.endOffsets(Set.of(partition), timeout).get(partition);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (consumer.position(partition, timeout) < end) {
        if (System.nanoTime() > deadline) {
          throw new org.apache.kafka.common.errors.TimeoutException(
              "Cannot read the status topic " + topic + " to its end within " + timeout.toSeconds()
                  + "s: check that its partition has a leader");
        }
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
          if (record.key() == null || record.value() == null) {
            continue;
          }
          String table = new String(record.key(), StandardCharsets.UTF_8);
          try {
            PublishedStatus status = StatusCodec.decode(record.value());
            statuses.merge(table, status, PublishedStatus::newer);
          } catch (IllegalArgumentException e) {
            LOG.warn(
                "Passing over the status of {} at offset {} of {}: {}",
                table,
                record.offset(),
                topic,
                e.getMessage());
          }
        }
      }
    }
    return statuses;
  }
}
