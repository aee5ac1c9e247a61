package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * Fetches one partition's tail batch by batch, on demand: the consumer is assigned the partition alone and sought to
 * the tail's start. The end is reached by position, not by record, so transaction markers and aborted records
 * (never returned under read_committed) move it on as a round's fetch does.
 */
final class TailFetch {
  private static final Duration POLL = Duration.ofMillis(100);
  private static final Duration POSITION_TIMEOUT = Duration.ofSeconds(30);

  private final Consumer<byte[], byte[]> consumer;
  private final TopicPartition partition;
  private final TailRange tail;

  TailFetch(Consumer<byte[], byte[]> consumer, String topic, TailRange tail) {
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.tail = requireNonNull(tail, "tail is null");
    this.partition = new TopicPartition(topic, tail.partition());
    consumer.assign(List.of(partition));
    consumer.seek(partition, tail.from());
  }

  /** The next records of the tail, in offset order; empty once the tail's end is reached. */
  List<ConsumerRecord<byte[], byte[]>> next() {
    while (consumer.position(partition, POSITION_TIMEOUT) < tail.to()) {
      List<ConsumerRecord<byte[], byte[]>> records = consumer.poll(POLL).records(partition);
      int below = records.size();
      while (below > 0 && records.get(below - 1).offset() >= tail.to()) {
        below--;
      }
      if (below > 0) {
        return records.subList(0, below);
      }
    }
    return List.of();
  }
}
