package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * Measures how far a table's lake is behind its topic now: per partition the log start and end offsets, and the
 * time lag, the age of the first record not in the lake yet, read with the consumer (assign, seek to the lake
 * offset, one poll until each lagging partition gave a record or the time is up).
 */
public final class LagProbe {
  /** Settings of a consumer for {@link LagProbe}: small fetches, as only one record per partition is needed. */
  public static final Map<String, Object> CONSUMER_SETTINGS = Map.of(
      ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 64 * 1024,
      ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 1024 * 1024,
      ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 500);

  private final KafkaConsumer<byte[], byte[]> consumer;
  private final Clock clock;
  private final Duration timeout;

  /**
   * @param consumer an assign-and-seek consumer, read_committed, such as {@code clients.rawConsumer("lag",
   *     CONSUMER_SETTINGS)}; the probe leaves it with nothing assigned
   * @param timeout how long each Kafka request, and the search for first records, may take
   */
  public LagProbe(KafkaConsumer<byte[], byte[]> consumer, Clock clock, Duration timeout) {
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.timeout = requireNonNull(timeout, "timeout is null");
  }

  /**
   * Measures every partition of {@code topic}, by partition number; empty when the topic does not exist.
   *
   * @param recorded the lake's next offsets to read, from the newest Mink snapshot; {@link LakeOffsets#NONE} if none
   * @throws org.apache.kafka.common.errors.TimeoutException when Kafka does not answer in time
   */
  public Optional<List<PartitionMeasure>> measure(String topic, LakeOffsets recorded) {
    return measure(topic, recorded, true);
  }

  /**
   * Measures the offsets of every partition of {@code topic} as {@link #measure} does, without reading records: the
   * time lags are null. For a view refreshed every few seconds.
   *
   * @throws org.apache.kafka.common.errors.TimeoutException when Kafka does not answer in time
   */
  public Optional<List<PartitionMeasure>> measureOffsets(String topic, LakeOffsets recorded) {
    return measure(topic, recorded, false);
  }

  private Optional<List<PartitionMeasure>> measure(
      String topic, LakeOffsets recorded, boolean withTimeLags) {
    List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
    if (infos == null || infos.isEmpty()) {
      return Optional.empty();
    }
    List<TopicPartition> partitions = infos.stream()
        .map(info -> new TopicPartition(topic, info.partition()))
        .sorted((a, b) -> Integer.compare(a.partition(), b.partition()))
        .toList();
    Map<TopicPartition, Long> starts = consumer.beginningOffsets(partitions, timeout);
    Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
    if (!withTimeLags) {
      return Optional.of(measures(partitions, recorded, starts, ends, null));
    }
    Map<TopicPartition, Long> firstUnindexed = firstUnindexed(partitions, recorded, starts, ends);
    return Optional.of(
        measures(partitions, recorded, starts, ends, timeLags(firstUnindexed, ends)));
  }

  /** Per partition with records not in the lake yet, the offset of the first: the lake's, or the log start. */
  static Map<TopicPartition, Long> firstUnindexed(
      List<TopicPartition> partitions,
      LakeOffsets recorded,
      Map<TopicPartition, Long> starts,
      Map<TopicPartition, Long> ends) {
    Map<TopicPartition, Long> firstUnindexed = new HashMap<>();
    for (TopicPartition partition : partitions) {
      long next = recorded.nextOffset(partition.partition()).orElse(starts.get(partition));
      long readFrom = Math.max(next, starts.get(partition));
      if (ends.get(partition) > readFrom) {
        firstUnindexed.put(partition, readFrom);
      }
    }
    return firstUnindexed;
  }

  /**
   * The measures of {@code partitions}, in their order.
   *
   * @param timeLags the ages found for the partitions with records not in the lake yet (those without one are
   *     unknown, the rest zero); null when not measured, and every time lag is null
   */
  static List<PartitionMeasure> measures(
      List<TopicPartition> partitions,
      LakeOffsets recorded,
      Map<TopicPartition, Long> starts,
      Map<TopicPartition, Long> ends,
      Map<TopicPartition, Duration> timeLags) {
    Map<TopicPartition, Long> firstUnindexed =
        timeLags == null ? Map.of() : firstUnindexed(partitions, recorded, starts, ends);
    List<PartitionMeasure> measures = new ArrayList<>();
    for (TopicPartition partition : partitions) {
      OptionalLong next = recorded.nextOffset(partition.partition());
      Long recordedOffset = next.isPresent() ? next.getAsLong() : null;
      Duration timeLag = timeLags == null
          ? null
          : firstUnindexed.containsKey(partition) ? timeLags.get(partition) : Duration.ZERO;
      measures.add(new PartitionMeasure(
          partition.partition(),
          recordedOffset,
          starts.get(partition),
          ends.get(partition),
          timeLag));
    }
    return measures;
  }

  /**
   * The age of the first record at or after each position, searched for all at once; absent where none came in
   * time. The partitions may be of many topics.
   */
  Map<TopicPartition, Duration> timeLags(
      Map<TopicPartition, Long> positions, Map<TopicPartition, Long> ends) {
    Map<TopicPartition, Duration> lags = new HashMap<>();
    if (positions.isEmpty()) {
      return lags;
    }
    Set<TopicPartition> pending = new HashSet<>(positions.keySet());
    consumer.assign(positions.keySet());
    try {
      positions.forEach(consumer::seek);
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!pending.isEmpty() && System.nanoTime() < deadline) {
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
        Instant now = clock.instant();
        for (TopicPartition partition : List.copyOf(pending)) {
          List<ConsumerRecord<byte[], byte[]>> fetched = records.records(partition);
          if (!fetched.isEmpty()) {
            long timestamp = fetched.get(0).timestamp();
            if (timestamp >= 0) {
              Duration age = Duration.between(Instant.ofEpochMilli(timestamp), now);
              lags.put(partition, age.isNegative() ? Duration.ZERO : age);
            }
            pending.remove(partition);
            consumer.pause(Set.of(partition));
          } else if (consumer.position(partition, timeout) >= ends.get(partition)) {
            // only transaction markers or aborted records were left: no row waits
            lags.put(partition, Duration.ZERO);
            pending.remove(partition);
          }
        }
      }
    } catch (InvalidOffsetException logStartMoved) {
      // Kafka deleted records while we looked: the partitions not measured yet stay unknown
    } finally {
      consumer.assign(List.of());
    }
    return lags;
  }
}
