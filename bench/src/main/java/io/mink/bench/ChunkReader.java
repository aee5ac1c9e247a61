package io.mink.bench;

import io.mink.testkit.KafkaBroker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads a topic from its start into memory a chunk at a time, for phases that time what they do
 * with records but not their fetch. A chunk holds, per partition, its next records in offset order,
 * at most {@code quota} of them, so every partition moves forward at the same pace and a chunk's
 * size is bounded.
 */
public final class ChunkReader implements AutoCloseable {
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final String topic;
  private final Map<TopicPartition, Long> ends = new HashMap<>();
  private final Set<TopicPartition> unfinished = new LinkedHashSet<>();
  private final int quota;

  public ChunkReader(KafkaBroker broker, String topic, Map<Integer, Long> endOffsets, int quota) {
    if (quota < 1) {
      throw new IllegalArgumentException(
          "quota is " + quota + ": use 1 or more records per partition");
    }
    this.topic = topic;
    this.quota = quota;
    for (TopicPartition partition : BenchmarkTopic.partitions(topic, endOffsets)) {
      ends.put(partition, endOffsets.get(partition.partition()));
    }
    this.consumer = broker.newConsumer(FetchLimit.CONSUMER_SETTINGS);
    consumer.assign(ends.keySet());
    consumer.seekToBeginning(ends.keySet());
    for (TopicPartition partition : ends.keySet()) {
      if (consumer.position(partition) < ends.get(partition)) {
        unfinished.add(partition);
      }
    }
  }

  public boolean hasNext() {
    return !unfinished.isEmpty();
  }

  /** The next chunk: Kafka partition to its next records, up to the quota each. */
  public Map<Integer, List<ConsumerRecord<byte[], byte[]>>> next() {
    Map<Integer, List<ConsumerRecord<byte[], byte[]>>> chunk = new TreeMap<>();
    Set<TopicPartition> filling = new LinkedHashSet<>(unfinished);
    filling.forEach(partition -> chunk.put(partition.partition(), new ArrayList<>(quota)));
    consumer.resume(filling);
    long lastProgress = System.nanoTime();
    long read = 0;
    while (!filling.isEmpty()) {
      ConsumerRecords<byte[], byte[]> polled = consumer.poll(FetchLimit.POLL);
      for (TopicPartition partition : polled.partitions()) {
        if (!filling.contains(partition)) {
          continue;
        }
        List<ConsumerRecord<byte[], byte[]>> records = chunk.get(partition.partition());
        for (ConsumerRecord<byte[], byte[]> record : polled.records(partition)) {
          if (records.size() == quota) {
            consumer.seek(partition, record.offset());
            break;
          }
          records.add(record);
          read++;
        }
      }
      lastProgress = FetchLimit.checkProgress(polled.count(), lastProgress, topic, read);
      for (TopicPartition partition : List.copyOf(filling)) {
        boolean atEnd = consumer.position(partition) >= ends.get(partition);
        if (atEnd || chunk.get(partition.partition()).size() == quota) {
          filling.remove(partition);
          consumer.pause(List.of(partition));
          if (atEnd) {
            unfinished.remove(partition);
          }
        }
      }
    }
    return chunk;
  }

  @Override
  public void close() {
    consumer.close();
  }
}
