package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import io.mink.tables.KafkaClientFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes each committed round's offsets as the consumer group's offsets, so Kafka's own lag tools
 * (kafka-consumer-groups.sh --describe --group mink) show how far indexing is behind. Only a view:
 * Mink never reads these offsets back; the lake's snapshot is the single source of truth. Kafka refuses
 * to alter the offsets of a group with active members, so this group never has any: the instances that
 * share the tables are members of {@code groupId + ".owners"}. Thread-safe: workers publish at once.
 */
final class GroupOffsetPublisher implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GroupOffsetPublisher.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final KafkaClientFactory clients;
  private final String groupId;
  private Admin admin;

  GroupOffsetPublisher(KafkaClientFactory clients, String groupId) {
    this.clients = requireNonNull(clients, "clients is null");
    this.groupId = requireNonNull(groupId, "groupId is null");
  }

  synchronized void publish(String topic, LakeOffsets offsets) {
    Map<TopicPartition, OffsetAndMetadata> groupOffsets = new HashMap<>();
    offsets
        .nextOffsets()
        .forEach((partition, next) ->
            groupOffsets.put(new TopicPartition(topic, partition), new OffsetAndMetadata(next)));
    try {
      if (admin == null) {
        admin = clients.admin();
      }
      admin
          .alterConsumerGroupOffsets(groupId, groupOffsets)
          .all()
          .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException | RuntimeException e) {
      LOG.warn(
          "Cannot publish the indexed offsets of {} to consumer group {}; lag tools show stale figures "
              + "until the next round: {}",
          topic,
          groupId,
          e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public synchronized void close() {
    if (admin != null) {
      admin.close(Duration.ofSeconds(5));
    }
  }
}
