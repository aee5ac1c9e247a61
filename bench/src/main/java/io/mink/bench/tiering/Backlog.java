package io.mink.bench.tiering;

import static java.util.Objects.requireNonNull;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.tiering.TieringOptions.BacklogShape;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.TestRecords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.IsolationLevel;

/**
 * Records waiting in Kafka before a sidecar starts: topics of the asked shape, each filled with records shaped by
 * {@link TestRecords#sized} (a 16-byte key, a value of the asked size, one "source" header; round-robin over the
 * partitions), made and sent a chunk at a time.
 *
 * @param ends each topic's end offsets, by partition
 * @param bytesPerRecord key + value + header bytes of one record, the MB of every MB/s
 * @param produceNanos how long producing took
 */
record Backlog(
    Map<String, Map<Integer, Long>> ends, long records, int bytesPerRecord, long produceNanos) {
  /** The size of the records' key and of their one header ("source" = "mink-benchmark"). */
  static final int KEY_BYTES = 16;

  static final int HEADER_BYTES = 6 + 14;
  private static final long SEED = 20_251_201L;
  private static final int CHUNK_RECORDS = 100_000;

  Backlog {
    requireNonNull(ends, "ends is null");
  }

  List<String> topics() {
    return List.copyOf(ends.keySet());
  }

  long bytes() {
    return records * bytesPerRecord;
  }

  static int bytesPerRecord(int valueBytes) {
    return KEY_BYTES + valueBytes + HEADER_BYTES;
  }

  /** Creates topics PREFIX-0 ... and fills each; checks that each holds exactly what was sent. */
  static Backlog produce(KafkaBroker broker, String prefix, BacklogShape shape, int valueBytes) {
    List<String> topics = new ArrayList<>();
    for (int table = 0; table < shape.tables(); table++) {
      String topic = prefix + "-" + table;
      broker.createTopic(topic, shape.partitions(), BenchmarkTopic.TOPIC_CONFIGS);
      topics.add(topic);
    }
    return fill(broker, topics, shape.partitions(), shape.recordsPerTable(), valueBytes, SEED);
  }

  /**
   * Adds {@code recordsPerTable} more records to every topic of this backlog (other values than the backlog's);
   * returns them as a backlog whose end offsets are the topics' new ends.
   */
  Backlog append(KafkaBroker broker, int recordsPerTable, int valueBytes) {
    int partitions = ends.values().iterator().next().size();
    return fill(broker, topics(), partitions, recordsPerTable, valueBytes, SEED + records);
  }

  private static Backlog fill(
      KafkaBroker broker,
      List<String> topics,
      int partitions,
      int recordsPerTable,
      int valueBytes,
      long seed) {
    Map<String, Long> before = new LinkedHashMap<>();
    for (String topic : topics) {
      before.put(topic, total(broker, topic));
    }
    AtomicReference<Exception> failure = new AtomicReference<>();
    long started = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> producer =
        broker.newProducer(BenchmarkTopic.PRODUCER_SETTINGS)) {
      for (int table = 0; table < topics.size() && failure.get() == null; table++) {
        for (int first = 0; first < recordsPerTable; first += CHUNK_RECORDS) {
          int count = Math.min(CHUNK_RECORDS, recordsPerTable - first);
          for (TestRecord record :
              TestRecords.sized(seed + 1_000L * table + first, count, valueBytes, partitions)) {
            var unused =
                producer.send(record.toProducerRecord(topics.get(table)), (metadata, error) -> {
                  if (error != null) {
                    failure.compareAndSet(null, error);
                  }
                });
          }
        }
      }
      producer.flush();
    }
    if (failure.get() != null) {
      throw new IllegalStateException(
          "Cannot produce the backlog to topics " + topics.get(0) + " ...: "
              + failure.get().getMessage() + "; check the broker's log above",
          failure.get());
    }
    long nanos = System.nanoTime() - started;
    Map<String, Map<Integer, Long>> ends = new LinkedHashMap<>();
    for (String topic : topics) {
      Map<Integer, Long> topicEnds =
          new TreeMap<>(broker.endOffsets(topic, IsolationLevel.READ_COMMITTED));
      long added = topicEnds.values().stream().mapToLong(Long::longValue).sum() - before.get(topic);
      if (added != recordsPerTable) {
        throw new IllegalStateException(
            "Topic " + topic + " grew by " + added + " records after producing " + recordsPerTable
                + ": the benchmark needs a fresh broker");
      }
      ends.put(topic, topicEnds);
    }
    return new Backlog(
        ends, (long) topics.size() * recordsPerTable, bytesPerRecord(valueBytes), nanos);
  }

  private static long total(KafkaBroker broker, String topic) {
    return broker.endOffsets(topic, IsolationLevel.READ_COMMITTED).values().stream()
        .mapToLong(Long::longValue)
        .sum();
  }
}
