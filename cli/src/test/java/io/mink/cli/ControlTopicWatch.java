package io.mink.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.avro.AvroEncoderUtil;
import org.apache.iceberg.connect.events.Event;
import org.apache.iceberg.connect.events.PayloadType;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Waits for the next DataComplete on the sink's control topic: a worker's transaction that the coordinator is about
 * to commit, the moment a stop leaves that worker's data written but not committed.
 */
final class ControlTopicWatch {
  private ControlTopicWatch() {}

  /** Returns once a DataComplete at or after {@code from} on partition 0 is readable (read_committed). */
  static void awaitDataComplete(
      Map<String, Object> clientProperties, String controlTopic, long from, Duration timeout) {
    Map<String, Object> config = new HashMap<>(clientProperties);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      TopicPartition partition = new TopicPartition(controlTopic, 0);
      consumer.assign(List.of(partition));
      consumer.seek(partition, from);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(5))) {
          Event event;
          try {
            event = AvroEncoderUtil.decode(record.value());
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
          if (event.type() == PayloadType.DATA_COMPLETE) {
            return;
          }
        }
      }
      throw new AssertionError("No DataComplete on " + controlTopic + " within " + timeout);
    }
  }
}
