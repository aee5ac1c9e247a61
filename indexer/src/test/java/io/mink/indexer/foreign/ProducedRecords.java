package io.mink.indexer.foreign;

import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * Every record the suite produced to one topic, where Kafka placed it: the half of the model that Kafka holds. Offsets
 * are contiguous from 0 in each partition (no transactions, nothing deleted), so a record's offset is its index.
 */
final class ProducedRecords {
  /** A record as produced; key and value as text, either may be null (a tombstone, a record without a key). */
  record Produced(int partition, long offset, String key, String value) {}

  private final String topic;
  private final boolean upsert;
  private final int keySpace;
  private final Map<Integer, List<Produced>> partitions = new TreeMap<>();
  private long sequence;

  /**
   * @param upsert whether records walk a key space of {@code keySpace} keys with tombstones (an upsert table's topic)
   *     or carry a unique value each (an append table's)
   */
  ProducedRecords(String topic, boolean upsert, int keySpace) {
    this.topic = topic;
    this.upsert = upsert;
    this.keySpace = keySpace;
  }

  /**
   * Produces {@code count} records and records where they landed. An upsert topic gets 15 % tombstones and 2 % records
   * without a key; every value is unique, so a row shows which record it came from.
   */
  void produce(KafkaBroker kafka, Random random, int count) {
    List<TestRecord> records = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int choice = random.nextInt(100);
      String key = upsert && choice < 2 ? null : "key-" + random.nextInt(keySpace);
      String value = upsert && choice >= 2 && choice < 17 ? null : "value-" + sequence++;
      records.add(TestRecord.of(key, value));
    }
    List<RecordMetadata> sent = kafka.produce(topic, records);
    synchronized (this) {
      for (int i = 0; i < count; i++) {
        RecordMetadata where = sent.get(i);
        List<Produced> partition =
            partitions.computeIfAbsent(where.partition(), p -> new ArrayList<>());
        if (where.offset() != partition.size()) {
          throw new IllegalStateException("Kafka placed a record of " + topic + " at "
              + where.partition() + "@" + where.offset() + " while " + partition.size()
              + " records of that partition are known");
        }
        partition.add(new Produced(
            where.partition(),
            where.offset(),
            text(records.get(i).key()),
            text(records.get(i).value())));
      }
    }
  }

  /** The records of {@code partition} below offset {@code next}. */
  synchronized List<Produced> below(int partition, long next) {
    List<Produced> records = partitions.getOrDefault(partition, List.of());
    if (next > records.size()) {
      throw new IllegalStateException(
          "A snapshot of " + topic + " claims offsets up to " + next + " in partition " + partition
              + ", but only " + records.size() + " records were produced there");
    }
    return List.copyOf(records.subList(0, (int) next));
  }

  /** Per partition, the next offset Kafka will give: what a table that caught up records. */
  synchronized Map<Integer, Long> endOffsets() {
    Map<Integer, Long> ends = new TreeMap<>();
    partitions.forEach((partition, records) -> ends.put(partition, (long) records.size()));
    return ends;
  }

  boolean upsert() {
    return upsert;
  }

  private static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
  }
}
