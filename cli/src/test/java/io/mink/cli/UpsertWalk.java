package io.mink.cli;

import io.mink.indexer.testing.UpsertModel;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A producer's random walk over a small key space, and the {@link UpsertModel} of every record it wrote. Each record
 * is a new key (while the space is not full), an update of a known key, a tombstone of one, or a record without a
 * key; keys go to their partition by Kafka's default partitioner. Thread-safe: one thread walks, others ask what
 * the table must hold below some offsets.
 */
final class UpsertWalk {
  private static final int NEW_KEY_PERCENT = 5;
  private static final int NULL_KEY_PERCENT = 2;
  private static final int TOMBSTONE_PERCENT = 15;

  private final KafkaBroker kafka;
  private final String topic;
  private final int keySpace;
  private final Random random;
  private final UpsertModel model = new UpsertModel();
  private final Map<Integer, Long> ends = new HashMap<>();
  private int keys;
  private long records;

  UpsertWalk(KafkaBroker kafka, String topic, int keySpace, Random random) {
    this.kafka = kafka;
    this.topic = topic;
    this.keySpace = keySpace;
    this.random = random;
  }

  /** Produces {@code count} records of the walk and waits until Kafka acknowledged them. */
  void step(int count) {
    List<TestRecord> batch = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      batch.add(next());
    }
    List<RecordMetadata> sent = kafka.produce(topic, batch);
    synchronized (this) {
      for (int i = 0; i < batch.size(); i++) {
        RecordMetadata metadata = sent.get(i);
        model.add(
            metadata.partition(),
            metadata.offset(),
            UpsertModel.text(batch.get(i).key()),
            UpsertModel.text(batch.get(i).value()));
        ends.merge(metadata.partition(), metadata.offset() + 1, Math::max);
      }
      records += batch.size();
      notifyAll();
    }
  }

  private TestRecord next() {
    int choice = random.nextInt(100);
    if (choice < NULL_KEY_PERCENT) {
      return TestRecord.of(null, "no key " + random.nextLong());
    }
    int key = keys == 0 || (keys < keySpace && random.nextInt(100) < NEW_KEY_PERCENT)
        ? keys++
        : random.nextInt(keys);
    String value =
        choice < NULL_KEY_PERCENT + TOMBSTONE_PERCENT ? null : "value-" + random.nextLong();
    return TestRecord.of("key-" + key, value);
  }

  /**
   * The table's rows below {@code nextOffsets} (per partition, the next offset to read), by key; waits up to
   * {@code wait} for the walk to record the acknowledgements of every record below them.
   */
  synchronized Map<String, UpsertModel.Row> liveBelow(Map<Integer, Long> nextOffsets, Duration wait)
      throws InterruptedException {
    long deadline = System.nanoTime() + wait.toNanos();
    while (!covers(nextOffsets)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError("Offsets " + nextOffsets + " are beyond what the walk produced, "
            + ends + ": the table holds offsets nobody wrote");
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
    return model.liveBelow(nextOffsets);
  }

  private boolean covers(Map<Integer, Long> nextOffsets) {
    return nextOffsets.entrySet().stream()
        .allMatch(entry -> entry.getValue() <= ends.getOrDefault(entry.getKey(), 0L));
  }

  /** How many records without a key the walk wrote. */
  synchronized long nullKeys() {
    return model.nullKeys();
  }

  synchronized long records() {
    return records;
  }
}
