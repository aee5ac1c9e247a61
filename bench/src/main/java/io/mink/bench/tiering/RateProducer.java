package io.mink.bench.tiering;

import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestHeader;
import io.mink.testkit.TestRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;

/**
 * A steady producer: {@code rate} records a second into each topic, round-robin over its partitions, for a
 * while, cycling through a pool of records (their partitions are ignored). Each record's timestamp is the
 * moment it is sent, and the acknowledgement tells its offset, so afterwards every offset's produce time is
 * known ({@link #timestamps()}).
 */
final class RateProducer {
  private static final Map<String, Object> STEADY_PRODUCER = Map.of(
      ProducerConfig.LINGER_MS_CONFIG, 5,
      ProducerConfig.ACKS_CONFIG, "1",
      ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
  private static final long TICK_MILLIS = 10;

  private final Map<String, Map<Integer, long[]>> timestamps = new LinkedHashMap<>();
  private final AtomicReference<Exception> failure = new AtomicReference<>();
  private long startedAtMillis;

  /** Produces into every topic at once; returns when all records are acknowledged. */
  static RateProducer run(
      KafkaBroker broker,
      List<String> topics,
      int partitions,
      int rate,
      Duration duration,
      List<TestRecord> pool)
      throws InterruptedException {
    RateProducer producer = new RateProducer();
    producer.produce(broker, topics, partitions, rate, duration, pool);
    return producer;
  }

  private void produce(
      KafkaBroker broker,
      List<String> topics,
      int partitions,
      int rate,
      Duration duration,
      List<TestRecord> pool)
      throws InterruptedException {
    int expectedPerPartition = (int) (rate * duration.toMillis() / 1000 / partitions + 2);
    for (String topic : topics) {
      Map<Integer, long[]> byPartition = new TreeMap<>();
      for (int partition = 0; partition < partitions; partition++) {
        byPartition.put(partition, new long[expectedPerPartition]);
      }
      timestamps.put(topic, byPartition);
    }
    long sent = 0;
    startedAtMillis = System.currentTimeMillis();
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer = broker.newProducer(STEADY_PRODUCER)) {
      while (failure.get() == null) {
        long elapsed = System.nanoTime() - started;
        if (elapsed >= duration.toNanos()) {
          break;
        }
        long due = rate * elapsed / 1_000_000_000L;
        for (; sent < due; sent++) {
          TestRecord record = pool.get((int) (sent % pool.size()));
          int partition = (int) (sent % partitions);
          for (String topic : topics) {
            send(producer, topic, partition, record);
          }
        }
        Thread.sleep(TICK_MILLIS);
      }
      producer.flush();
    }
    if (failure.get() != null) {
      throw new IllegalStateException(
          "Cannot produce the steady records: " + failure.get().getMessage()
              + "; check the broker's log above",
          failure.get());
    }
    trim();
  }

  private void send(
      KafkaProducer<byte[], byte[]> producer, String topic, int partition, TestRecord record) {
    List<Header> headers = new ArrayList<>();
    for (TestHeader header : record.headers()) {
      headers.add(new RecordHeader(header.key(), header.value()));
    }
    long now = System.currentTimeMillis();
    var unused = producer.send(
        new ProducerRecord<>(topic, partition, now, record.key(), record.value(), headers),
        (metadata, error) -> {
          if (error != null) {
            failure.compareAndSet(null, error);
          } else {
            record(topic, metadata.partition(), metadata.offset(), now);
          }
        });
  }

  private synchronized void record(String topic, int partition, long offset, long timestamp) {
    long[] byOffset = timestamps.get(topic).get(partition);
    if (offset >= byOffset.length) {
      byOffset = Arrays.copyOf(byOffset, (int) Math.max(offset + 1, byOffset.length * 3L / 2));
      timestamps.get(topic).put(partition, byOffset);
    }
    byOffset[(int) offset] = timestamp;
  }

  /** Cuts each partition's array to the records sent; every offset must have been acknowledged. */
  private synchronized void trim() {
    for (Map.Entry<String, Map<Integer, long[]>> topic : timestamps.entrySet()) {
      for (Map.Entry<Integer, long[]> partition : topic.getValue().entrySet()) {
        long[] byOffset = partition.getValue();
        int length = byOffset.length;
        while (length > 0 && byOffset[length - 1] == 0) {
          length--;
        }
        for (int offset = 0; offset < length; offset++) {
          if (byOffset[offset] == 0) {
            throw new IllegalStateException(
                "No acknowledgement for " + topic.getKey() + " partition " + partition.getKey()
                    + " offset " + offset + ": the producer lost a record");
          }
        }
        partition.setValue(Arrays.copyOf(byOffset, length));
      }
    }
  }

  /** Per topic and partition, each offset's produce time in epoch milliseconds. */
  synchronized Map<String, Map<Integer, long[]>> timestamps() {
    return timestamps;
  }

  /** When the first record was due, epoch milliseconds. */
  long startedAtMillis() {
    return startedAtMillis;
  }

  /** The records produced into one topic. */
  synchronized long records(String topic) {
    return timestamps.get(topic).values().stream().mapToLong(t -> t.length).sum();
  }
}
