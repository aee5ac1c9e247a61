package io.mink.indexer.round;

import io.mink.indexer.errors.MinkException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/** Reads a topic's partitions with their log start and end offsets. */
public final class TopicBounds {
  private static final Duration METADATA_TIMEOUT = Duration.ofSeconds(30);

  private TopicBounds() {}

  /** Per partition, its log start and end offset (the last stable offset under read_committed). */
  public static Map<Integer, PartitionBounds> read(
      Consumer<?, ?> consumer, String topic, String table) {
    List<PartitionInfo> partitions = consumer.partitionsFor(topic, METADATA_TIMEOUT);
    if (partitions == null || partitions.isEmpty()) {
      throw MinkException.external("Topic " + topic + " of table " + table
          + " does not exist in Kafka: indexing waits until it is back");
    }
    List<TopicPartition> topicPartitions = partitions.stream()
        .map(info -> new TopicPartition(info.topic(), info.partition()))
        .toList();
    Map<TopicPartition, Long> starts = consumer.beginningOffsets(topicPartitions, METADATA_TIMEOUT);
    Map<TopicPartition, Long> ends = consumer.endOffsets(topicPartitions, METADATA_TIMEOUT);
    Map<Integer, PartitionBounds> bounds = new HashMap<>();
    for (TopicPartition partition : topicPartitions) {
      bounds.put(
          partition.partition(), new PartitionBounds(starts.get(partition), ends.get(partition)));
    }
    return bounds;
  }
}
