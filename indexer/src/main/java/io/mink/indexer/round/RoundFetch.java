package io.mink.indexer.round;

import static java.util.Objects.requireNonNull;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;

/**
 * The fetch step of a round: reads every split of a plan from Kafka up to its end offset, or to the
 * deadline, handing each batch of records to the round as it comes. At most {@code openSplits} splits
 * are read at a time; a finished split is paused and the next one admitted. Positions count, not
 * records: transaction markers and aborted records move a split on without a record to hand over. Each record's
 * key and value are slices of the consumer's fetch buffer, valid until its next poll: a batch is used up in
 * {@link Batches#take}.
 */
final class RoundFetch {
  private static final Duration POLL = Duration.ofMillis(100);
  private static final Duration METADATA_TIMEOUT = Duration.ofSeconds(30);

  /** What the round does with what the fetch reads. */
  interface Batches {
    /**
     * Takes a batch of one split's records, in offset order and below its end offset, and returns how many it took
     * from the first: fewer than all stops the fetch, and the rest rolls over to the next round.
     */
    int take(PartitionRange split, List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch)
        throws InterruptedException;

    /** The split reached its end offset; nothing more comes for it. */
    void finished(PartitionRange split);

    /** Called after each poll; throws to stop the round, such as when a writer failed. */
    void check();
  }

  /**
   * How far the fetch got.
   *
   * @param reached per partition, the next offset to read after this round, for every partition it moved on and
   *     every partition of the plan that Kafka had no data in and the lake no offset for
   * @param forceFinished whether the deadline, or a batch taken in part, stopped it before every split's end
   * @param bytes the serialized size of the records taken: keys, values and headers
   */
  record Outcome(Map<Integer, Long> reached, boolean forceFinished, long bytes) {
    Outcome {
      reached = Map.copyOf(reached);
    }
  }

  private final Consumer<ByteBuffer, ByteBuffer> consumer;
  private final String topic;
  private final int openSplits;
  private final LongSupplier nanoTime;
  private final long deadlineNanos;
  private final Runnable heartbeat;

  /**
   * @param openSplits how many splits are read at once: the round's open-file budget
   * @param heartbeat called before every poll; throws to stop the round
   */
  RoundFetch(
      Consumer<ByteBuffer, ByteBuffer> consumer,
      String topic,
      int openSplits,
      LongSupplier nanoTime,
      long deadlineNanos,
      Runnable heartbeat) {
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.topic = requireNonNull(topic, "topic is null");
    if (openSplits < 1) {
      throw new IllegalArgumentException("openSplits must be at least 1, not " + openSplits);
    }
    this.openSplits = openSplits;
    this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
    this.deadlineNanos = deadlineNanos;
    this.heartbeat = requireNonNull(heartbeat, "heartbeat is null");
  }

  /** Reads the plan's splits; the consumer is left with nothing assigned. */
  Outcome fetch(RoundPlan plan, Batches batches) throws InterruptedException {
    Progress progress = new Progress(plan);
    try {
      boolean forceFinished = read(progress, batches);
      return new Outcome(progress.reached, forceFinished, progress.bytes);
    } finally {
      consumer.assign(List.of());
    }
  }

  private boolean read(Progress progress, Batches batches) throws InterruptedException {
    admit(progress);
    while (!progress.reading.isEmpty()) {
      heartbeat.run();
      if (nanoTime.getAsLong() > deadlineNanos) {
        return true;
      }
      ConsumerRecords<ByteBuffer, ByteBuffer> records = consumer.poll(POLL);
      for (TopicPartition partition : records.partitions()) {
        PartitionRange split = progress.reading.get(partition);
        List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch =
            split == null ? List.of() : below(records.records(partition), split.to());
        if (!batch.isEmpty() && !take(progress, split, batch, batches)) {
          batches.check();
          return true;
        }
      }
      batches.check();
      finishReachedSplits(progress, batches);
    }
    return false;
  }

  /**
   * Hands the batch over and records the offset after the last record taken, so that a fetch stopped by another
   * partition's batch later in the same poll commits what this one took; false when only part of it was taken.
   */
  private boolean take(
      Progress progress,
      PartitionRange split,
      List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch,
      Batches batches)
      throws InterruptedException {
    int taken = batches.take(split, batch);
    for (int i = 0; i < taken; i++) {
      progress.bytes += sizeOf(batch.get(i));
    }
    if (taken == batch.size()) {
      progress.reached.put(split.partition(), batch.get(taken - 1).offset() + 1);
      return true;
    }
    long stoppedAt = batch.get(taken).offset();
    if (stoppedAt > split.from()) {
      progress.reached.put(split.partition(), stoppedAt);
    }
    return false;
  }

  private void finishReachedSplits(Progress progress, Batches batches) {
    List<TopicPartition> done = new ArrayList<>();
    for (Map.Entry<TopicPartition, PartitionRange> entry : progress.reading.entrySet()) {
      PartitionRange split = entry.getValue();
      long position = Math.min(consumer.position(entry.getKey(), METADATA_TIMEOUT), split.to());
      if (position > split.from()) {
        progress.reached.put(split.partition(), position);
      }
      if (position >= split.to()) {
        done.add(entry.getKey());
      }
    }
    if (done.isEmpty()) {
      return;
    }
    for (TopicPartition partition : done) {
      batches.finished(progress.reading.remove(partition));
    }
    consumer.pause(done);
    admit(progress);
  }

  /** Starts reading waiting splits while fewer than {@code openSplits} are read. */
  private void admit(Progress progress) {
    List<PartitionRange> admitted = new ArrayList<>();
    while (progress.reading.size() < openSplits && !progress.waiting.isEmpty()) {
      PartitionRange split = progress.waiting.poll();
      progress.reading.put(new TopicPartition(topic, split.partition()), split);
      admitted.add(split);
    }
    if (admitted.isEmpty()) {
      return;
    }
    consumer.assign(progress.reading.keySet());
    for (PartitionRange split : admitted) {
      consumer.seek(new TopicPartition(topic, split.partition()), split.from());
    }
  }

  private static List<ConsumerRecord<ByteBuffer, ByteBuffer>> below(
      List<ConsumerRecord<ByteBuffer, ByteBuffer>> records, long end) {
    int count = records.size();
    while (count > 0 && records.get(count - 1).offset() >= end) {
      count--;
    }
    return count == records.size() ? records : records.subList(0, count);
  }

  static long sizeOf(ConsumerRecord<ByteBuffer, ByteBuffer> record) {
    long size =
        (long) Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
    for (Header header : record.headers()) {
      size += header.key().length() + (header.value() == null ? 0 : header.value().length);
    }
    return size;
  }

  /** The fetch's state: the splits waiting and being read, the offsets reached and the bytes taken. */
  private static final class Progress {
    private final Deque<PartitionRange> waiting;
    private final Map<TopicPartition, PartitionRange> reading = new HashMap<>();
    private final Map<Integer, Long> reached;
    private long bytes;

    Progress(RoundPlan plan) {
      this.waiting = new ArrayDeque<>(plan.ranges());
      this.reached = new HashMap<>(plan.emptyUnrecorded());
    }
  }
}
