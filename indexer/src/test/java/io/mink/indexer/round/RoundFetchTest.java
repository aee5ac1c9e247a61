package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.schedule.LeaseLostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/** The fetch step driven by Kafka's MockConsumer: no broker, every interleaving chosen by the test. */
class RoundFetchTest {
  private static final String TOPIC = "orders";
  private static final long NO_DEADLINE = Long.MAX_VALUE;

  private final MockConsumer<ByteBuffer, ByteBuffer> consumer = new MockConsumer<>("earliest");
  private final Map<Integer, List<ConsumerRecord<ByteBuffer, ByteBuffer>>> pending =
      new HashMap<>();
  private final Map<Integer, Long> markerEnds = new HashMap<>();

  @Test
  void everySplitIsReadToItsEndOffsetAndNothingBeyond() throws Exception {
    records(0, 0, 5);
    records(1, 10, 13);
    RecordingBatches batches = new RecordingBatches();

    RoundFetch.Outcome outcome =
        fetch(2, NO_DEADLINE, plan(List.of(split(0, 0, 4), split(1, 10, 13))), batches);

    assertThat(outcome.reached()).isEqualTo(Map.of(0, 4L, 1, 13L));
    assertThat(outcome.forceFinished()).isFalse();
    assertThat(outcome.bytes()).isEqualTo(7 * 3);
    assertThat(batches.offsets.get(0)).containsExactly(0L, 1L, 2L, 3L);
    assertThat(batches.offsets.get(1)).containsExactly(10L, 11L, 12L);
    assertThat(batches.finished).containsExactlyInAnyOrder(0, 1);
    assertThat(consumer.assignment()).isEmpty();
  }

  @Test
  void atMostTheBudgetOfSplitsIsReadAtOnce() throws Exception {
    records(0, 0, 3);
    records(1, 0, 3);
    records(2, 0, 3);
    RecordingBatches batches = new RecordingBatches();

    fetch(1, NO_DEADLINE, plan(List.of(split(0, 0, 3), split(1, 0, 3), split(2, 0, 3))), batches);

    assertThat(batches.partitionsInOrder).containsExactly(0, 1, 2);
    assertThat(batches.maxAssigned).isEqualTo(1);
    assertThat(batches.finished).containsExactly(0, 1, 2);
  }

  @Test
  void theDeadlineForceFinishesWithWhatWasReadSoFar() throws Exception {
    records(0, 0, 3);
    AtomicLong clock = new AtomicLong(0);
    RecordingBatches batches = new RecordingBatches() {
      @Override
      public int take(PartitionRange split, List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch) {
        clock.set(1_000);
        return super.take(split, batch);
      }
    };

    RoundFetch.Outcome outcome = new RoundFetch(consumer, TOPIC, 4, clock::get, 500, () -> {})
        .fetch(plan(List.of(split(0, 0, 10))), feeding(batches));

    assertThat(outcome.forceFinished()).isTrue();
    assertThat(outcome.reached()).isEqualTo(Map.of(0, 3L));
    assertThat(batches.finished).isEmpty();
  }

  @Test
  void aBatchTakenInPartStopsTheFetchAtTheFirstRecordLeft() throws Exception {
    records(0, 5, 10);
    RecordingBatches batches = new RecordingBatches() {
      @Override
      public int take(PartitionRange split, List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch) {
        super.take(split, batch.subList(0, 2));
        return 2;
      }
    };

    RoundFetch.Outcome outcome = fetch(4, NO_DEADLINE, plan(List.of(split(0, 5, 10))), batches);

    assertThat(outcome.forceFinished()).isTrue();
    assertThat(outcome.reached()).isEqualTo(Map.of(0, 7L));
    assertThat(outcome.bytes()).isEqualTo(2 * 3);
  }

  @Test
  void aBatchTakenInPartKeepsWhatAnotherPartitionTookFromTheSamePoll() throws Exception {
    records(0, 0, 3);
    records(1, 10, 13);
    RecordingBatches batches = new RecordingBatches() {
      @Override
      public int take(PartitionRange split, List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch) {
        return offsets.isEmpty() ? super.take(split, batch) : 0;
      }
    };

    RoundFetch.Outcome outcome =
        fetch(4, NO_DEADLINE, plan(List.of(split(0, 0, 10), split(1, 10, 20))), batches);

    assertThat(outcome.forceFinished()).isTrue();
    int taken = batches.partitionsInOrder.get(0);
    assertThat(batches.offsets).containsOnlyKeys(taken);
    assertThat(outcome.reached()).isEqualTo(Map.of(taken, taken == 0 ? 3L : 13L));
  }

  @Test
  void aBatchTakenWithNothingFromTheSplitsStartRecordsNoOffset() throws Exception {
    records(0, 5, 10);
    RecordingBatches batches = new RecordingBatches() {
      @Override
      public int take(PartitionRange split, List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch) {
        return 0;
      }
    };

    RoundFetch.Outcome outcome = fetch(4, NO_DEADLINE, plan(List.of(split(0, 5, 10))), batches);

    assertThat(outcome.forceFinished()).isTrue();
    assertThat(outcome.reached()).isEmpty();
  }

  @Test
  void aSplitOfTransactionMarkersOnlyReachesItsEndWithoutARecord() throws Exception {
    markerEnds.put(0, 4L);
    records(1, 0, 2);
    markerEnds.put(1, 3L);
    RecordingBatches batches = new RecordingBatches();

    RoundFetch.Outcome outcome =
        fetch(4, NO_DEADLINE, plan(List.of(split(0, 0, 4), split(1, 0, 3))), batches);

    assertThat(outcome.reached()).isEqualTo(Map.of(0, 4L, 1, 3L));
    assertThat(outcome.forceFinished()).isFalse();
    assertThat(batches.offsets).containsOnlyKeys(1);
    assertThat(batches.finished).containsExactlyInAnyOrder(0, 1);
  }

  @Test
  void partitionsWithoutDataOrRecordedOffsetAreRecordedAtTheirStart() throws Exception {
    RoundPlan plan = new RoundPlan(List.of(), List.of(), Map.of(3, 42L));

    RoundFetch.Outcome outcome = fetch(4, NO_DEADLINE, plan, new RecordingBatches());

    assertThat(outcome.reached()).isEqualTo(Map.of(3, 42L));
    assertThat(outcome.forceFinished()).isFalse();
  }

  @Test
  void aFailedCheckStopsTheFetchAndLeavesNothingAssigned() {
    records(0, 0, 3);
    RecordingBatches batches = new RecordingBatches() {
      @Override
      public void check() {
        throw new IllegalStateException(
            "Cannot write partition 0 of table kafka.orders to Parquet: disk full");
      }
    };

    assertThatThrownBy(() -> fetch(4, NO_DEADLINE, plan(List.of(split(0, 0, 3))), batches))
        .hasMessageContaining("disk full");
    assertThat(consumer.assignment()).isEmpty();
  }

  @Test
  void theHeartbeatRunsBeforeEveryPollAndStopsTheRoundWhenItThrows() {
    records(0, 0, 3);
    int[] beats = {0};

    assertThatThrownBy(() -> new RoundFetch(
                consumer, TOPIC, 4, System::nanoTime, NO_DEADLINE, () -> {
                  if (++beats[0] == 2) {
                    throw new LeaseLostException("kafka.orders", 7, "another instance took it");
                  }
                })
            .fetch(plan(List.of(split(0, 0, 100))), feeding(new RecordingBatches())))
        .isInstanceOf(LeaseLostException.class);
    assertThat(beats[0]).isEqualTo(2);
  }

  private RoundFetch.Outcome fetch(
      int openSplits, long deadlineNanos, RoundPlan plan, RecordingBatches batches)
      throws InterruptedException {
    return new RoundFetch(consumer, TOPIC, openSplits, () -> 0L, deadlineNanos, () -> {})
        .fetch(plan, feeding(batches));
  }

  /**
   * The batches, with the mock fed before each poll: the records of newly assigned partitions, and the position of a
   * partition that ends in transaction markers moved past them once its records are read.
   */
  private RecordingBatches feeding(RecordingBatches batches) {
    batches.feed = () -> {
      for (TopicPartition partition : consumer.assignment()) {
        List<ConsumerRecord<ByteBuffer, ByteBuffer>> records =
            pending.remove(partition.partition());
        if (records != null) {
          records.forEach(consumer::addRecord);
        } else if (markerEnds.containsKey(partition.partition())
            && !batches.unreadRecords(partition.partition())) {
          consumer.seek(partition, markerEnds.remove(partition.partition()));
        }
      }
      batches.maxAssigned = Math.max(batches.maxAssigned, consumer.assignment().size());
    };
    for (int i = 0; i < 100; i++) {
      consumer.schedulePollTask(() -> batches.feed.run());
    }
    return batches;
  }

  /** Records of three bytes each (a one-byte key, a two-byte value) at offsets [from, to) of a partition. */
  private void records(int partition, long from, long to) {
    List<ConsumerRecord<ByteBuffer, ByteBuffer>> records = new ArrayList<>();
    for (long offset = from; offset < to; offset++) {
      records.add(new ConsumerRecord<>(
          TOPIC,
          partition,
          offset,
          0L,
          TimestampType.CREATE_TIME,
          1,
          2,
          ByteBuffer.wrap(new byte[] {1}),
          ByteBuffer.wrap("v1".getBytes(StandardCharsets.UTF_8)),
          new RecordHeaders(),
          Optional.empty()));
    }
    pending.put(partition, records);
  }

  private static PartitionRange split(int partition, long from, long to) {
    return new PartitionRange(partition, from, to);
  }

  private static RoundPlan plan(List<PartitionRange> splits) {
    return new RoundPlan(splits, List.of(), Map.of());
  }

  /** Takes every batch, recording the offsets taken per partition and the splits finished. */
  private class RecordingBatches implements RoundFetch.Batches {
    final Map<Integer, List<Long>> offsets = new LinkedHashMap<>();
    final List<Integer> partitionsInOrder = new ArrayList<>();
    final List<Integer> finished = new ArrayList<>();
    int maxAssigned;
    Runnable feed = () -> {};

    @Override
    public int take(PartitionRange split, List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch) {
      for (ConsumerRecord<ByteBuffer, ByteBuffer> record : batch) {
        offsets.computeIfAbsent(split.partition(), p -> new ArrayList<>()).add(record.offset());
      }
      if (partitionsInOrder.isEmpty()
          || partitionsInOrder.get(partitionsInOrder.size() - 1) != split.partition()) {
        partitionsInOrder.add(split.partition());
      }
      return batch.size();
    }

    @Override
    public void finished(PartitionRange split) {
      finished.add(split.partition());
    }

    @Override
    public void check() {}

    boolean unreadRecords(int partition) {
      return pending.containsKey(partition);
    }
  }
}
