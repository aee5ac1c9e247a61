package io.mink.bench;

import io.mink.testkit.KafkaBroker;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Phase (a): how fast one plain KafkaConsumer reads the whole topic, read_committed, with the fetch
 * sizes Mink's tiering consumer uses. Nothing is done with a record but count it and its bytes.
 */
public final class FetchLimit {
  /** The fetch sizes of the benchmark's consumers (the same as Mink's tiering consumer). */
  static final Map<String, Object> CONSUMER_SETTINGS = Map.of(
      ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 64 * 1024 * 1024,
      ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 16 * 1024 * 1024,
      ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10_000);

  static final Duration POLL = Duration.ofMillis(100);
  static final Duration STALL = Duration.ofSeconds(60);

  private FetchLimit() {}

  /** Reads every partition from its start to its end offset. */
  public static Throughput read(KafkaBroker broker, String topic, Map<Integer, Long> ends) {
    List<TopicPartition> partitions = BenchmarkTopic.partitions(topic, ends);
    long started = System.nanoTime();
    long cpuAtStart = CpuSplit.currentThreadNanos();
    try (KafkaConsumer<byte[], byte[]> consumer = broker.newConsumer(CONSUMER_SETTINGS)) {
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      long records = 0;
      long bytes = 0;
      long lastProgress = System.nanoTime();
      while (!reachedEnds(consumer, partitions, ends)) {
        ConsumerRecords<byte[], byte[]> polled = consumer.poll(POLL);
        for (ConsumerRecord<byte[], byte[]> record : polled) {
          records++;
          bytes += RecordSize.of(record);
        }
        lastProgress = checkProgress(polled.count(), lastProgress, topic, records);
      }
      long nanos = System.nanoTime() - started;
      long cpu = cpuAtStart < 0 ? -1 : CpuSplit.currentThreadNanos() - cpuAtStart;
      return new Throughput(records, bytes, nanos, new CpuSplit(cpu, -1));
    }
  }

  private static boolean reachedEnds(
      KafkaConsumer<byte[], byte[]> consumer,
      List<TopicPartition> partitions,
      Map<Integer, Long> ends) {
    for (TopicPartition partition : partitions) {
      if (consumer.position(partition) < ends.get(partition.partition())) {
        return false;
      }
    }
    return true;
  }

  /** Returns the time of the last poll that brought records; fails when none came for {@link #STALL}. */
  static long checkProgress(int polled, long lastProgress, String topic, long recordsSoFar) {
    long now = System.nanoTime();
    if (polled > 0) {
      return now;
    }
    if (now - lastProgress > STALL.toNanos()) {
      throw new IllegalStateException(
          "Reading topic " + topic + " stalled after " + recordsSoFar + " records: no "
              + "record for " + STALL.toSeconds() + "s; check the broker's log above");
    }
    return lastProgress;
  }
}
