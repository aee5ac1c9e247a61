package io.mink.bench;

import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.TestRecords;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.TopicConfig;

/**
 * Phase 0: fills the benchmark topic with records shaped by {@link TestRecords#sized}: a 16-byte
 * key, a value of the asked size and one "source" header, round-robin over the partitions. They
 * are made and sent a chunk at a time, so millions of records never sit in memory together.
 */
public final class BenchmarkTopic {
  static final long SEED = 20_240_601L;
  /** Records made per chunk and partition; chunks are a whole number of rounds of the partitions. */
  private static final int CHUNK_RECORDS_PER_PARTITION = 10_000;

  /**
   * A producer for bulk loading: large batches, no compression (values are random bytes), leader
   * acknowledgement only. max.request.size is raised so one request can carry a full batch of
   * several partitions.
   */
  public static final Map<String, Object> PRODUCER_SETTINGS = Map.of(
      ProducerConfig.LINGER_MS_CONFIG,
      20,
      ProducerConfig.BATCH_SIZE_CONFIG,
      1024 * 1024,
      ProducerConfig.COMPRESSION_TYPE_CONFIG,
      "none",
      ProducerConfig.ACKS_CONFIG,
      "1",
      ProducerConfig.BUFFER_MEMORY_CONFIG,
      256L * 1024 * 1024,
      ProducerConfig.MAX_REQUEST_SIZE_CONFIG,
      16 * 1024 * 1024);

  /**
   * Keep every record: the records carry 2023 timestamps (TestRecords.BASE_TIMESTAMP), which the
   * broker's default 7-day retention deletes at its first retention check, 30 s after start.
   */
  public static final Map<String, String> TOPIC_CONFIGS = Map.of(
      TopicConfig.RETENTION_MS_CONFIG, "-1",
      TopicConfig.RETENTION_BYTES_CONFIG, "-1");

  private BenchmarkTopic() {}

  /** Sends {@code records} records and waits until every one is acknowledged. */
  public static Throughput produce(
      KafkaBroker broker, String topic, int records, int valueBytes, int partitions) {
    AtomicReference<Exception> failure = new AtomicReference<>();
    int chunkSize = partitions * CHUNK_RECORDS_PER_PARTITION;
    long bytes = 0;
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer = broker.newProducer(PRODUCER_SETTINGS)) {
      for (int first = 0, chunk = 0;
          first < records && failure.get() == null;
          first += chunkSize, chunk++) {
        List<TestRecord> batch = TestRecords.sized(
            SEED + chunk, Math.min(chunkSize, records - first), valueBytes, partitions);
        for (TestRecord record : batch) {
          var unused = producer.send(record.toProducerRecord(topic), (metadata, error) -> {
            if (error != null) {
              failure.compareAndSet(null, error);
            }
          });
          bytes += RecordSize.of(record);
        }
      }
      producer.flush();
    }
    if (failure.get() != null) {
      throw new IllegalStateException(
          "Cannot produce the benchmark records to topic " + topic + ": "
              + failure.get().getMessage() + "; check the broker's log above",
          failure.get());
    }
    return new Throughput(records, bytes, System.nanoTime() - started, CpuSplit.NONE);
  }

  /**
   * The end offset of each partition as a read_committed consumer sees it, checked against the
   * number of records sent: with no transactions, every offset is a record.
   */
  public static Map<Integer, Long> endOffsets(KafkaBroker broker, String topic, long records) {
    Map<Integer, Long> ends =
        new TreeMap<>(broker.endOffsets(topic, IsolationLevel.READ_COMMITTED));
    long total = ends.values().stream().mapToLong(Long::longValue).sum();
    if (total != records) {
      throw new IllegalStateException(
          "Topic " + topic + " holds " + total + " records after producing " + records
              + ": was it used before? The benchmark needs a fresh broker");
    }
    return ends;
  }

  static List<TopicPartition> partitions(String topic, Map<Integer, Long> ends) {
    return ends.keySet().stream()
        .map(partition -> new TopicPartition(topic, partition))
        .toList();
  }
}
