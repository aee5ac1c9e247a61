package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Measures the lag of many tables in one pass, as {@link LagProbe#measure} measures one: the partitions of every
 * topic from one describe request, the log starts and the last stable offsets of all of them from one list-offsets
 * request each (sent together), and the first record not in the lake of every lagging partition in one search. A
 * pass over thousands of idle tables is a handful of requests, not three per table.
 */
final class LagSweep {
  /** A table to measure: its topic and the lake's next offsets ({@link LakeOffsets#NONE} before any). */
  record Target(String table, String topic, LakeOffsets recorded) {
    Target {
      requireNonNull(table, "table is null");
      requireNonNull(topic, "topic is null");
      requireNonNull(recorded, "recorded is null");
    }
  }

  private final Admin admin;
  private final LagProbe records;
  private final Duration timeout;

  /**
   * @param records searches the first records not in the lake yet, with its consumer and within its timeout
   * @param timeout how long the describe and list-offsets requests may take together
   */
  LagSweep(Admin admin, LagProbe records, Duration timeout) {
    this.admin = requireNonNull(admin, "admin is null");
    this.records = requireNonNull(records, "records is null");
    this.timeout = requireNonNull(timeout, "timeout is null");
  }

  /**
   * By table, every partition of its topic measured now. A table is left out when its topic does not exist, or when
   * Kafka did not give the offsets of all its partitions in time; the others are measured all the same.
   *
   * @throws KafkaException when Kafka answered for no topic or partition at all
   */
  Map<String, List<PartitionMeasure>> measure(List<Target> targets) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Set<String> topics = new LinkedHashSet<>();
    targets.forEach(target -> topics.add(target.topic()));
    Map<String, List<TopicPartition>> partitions = partitions(topics, deadline);
    List<TopicPartition> all =
        partitions.values().stream().flatMap(List::stream).toList();
    if (all.isEmpty()) {
      return Map.of();
    }
    ListOffsetsOptions readCommitted = new ListOffsetsOptions(IsolationLevel.READ_COMMITTED);
    ListOffsetsResult startsAsked =
        admin.listOffsets(specs(all, OffsetSpec.earliest()), readCommitted);
    ListOffsetsResult endsAsked = admin.listOffsets(specs(all, OffsetSpec.latest()), readCommitted);
    Map<TopicPartition, Long> starts = offsets(startsAsked, all, deadline);
    Map<TopicPartition, Long> ends = offsets(endsAsked, all, deadline);

    Map<String, List<TopicPartition>> measurable = new HashMap<>();
    Map<String, Map<TopicPartition, Long>> positions = new HashMap<>();
    for (Target target : targets) {
      List<TopicPartition> own = partitions.get(target.topic());
      if (own != null && own.stream().allMatch(p -> starts.containsKey(p) && ends.containsKey(p))) {
        measurable.put(target.table(), own);
        positions.put(
            target.table(), LagProbe.firstUnindexed(own, target.recorded(), starts, ends));
      }
    }
    Map<String, Map<TopicPartition, Duration>> timeLags = timeLags(positions, ends);
    Map<String, List<PartitionMeasure>> measured = new HashMap<>();
    for (Target target : targets) {
      List<TopicPartition> own = measurable.get(target.table());
      if (own != null) {
        measured.put(
            target.table(),
            LagProbe.measures(own, target.recorded(), starts, ends, timeLags.get(target.table())));
      }
    }
    return measured;
  }

  /** By topic, its partitions in order; a topic that does not exist or was not described in time is left out. */
  private Map<String, List<TopicPartition>> partitions(Set<String> topics, long deadline) {
    if (topics.isEmpty()) {
      return Map.of();
    }
    Map<String, KafkaFuture<TopicDescription>> described =
        admin.describeTopics(topics).topicNameValues();
    Map<String, List<TopicPartition>> partitions = new HashMap<>();
    RuntimeException failure = null;
    int missing = 0;
    for (Map.Entry<String, KafkaFuture<TopicDescription>> topic : described.entrySet()) {
      try {
        TopicDescription description = await(topic.getValue(), deadline);
        partitions.put(
            topic.getKey(),
            description.partitions().stream()
                .map(info -> new TopicPartition(topic.getKey(), info.partition()))
                .sorted(Comparator.comparingInt(TopicPartition::partition))
                .toList());
      } catch (UnknownTopicOrPartitionException gone) {
        missing++;
      } catch (RuntimeException e) {
        failure = e;
      }
    }
    if (partitions.isEmpty() && failure != null && missing < topics.size()) {
      throw failure;
    }
    return partitions;
  }

  private Map<TopicPartition, Long> offsets(
      ListOffsetsResult asked, List<TopicPartition> partitions, long deadline) {
    Map<TopicPartition, Long> offsets = new HashMap<>();
    RuntimeException failure = null;
    for (TopicPartition partition : partitions) {
      try {
        offsets.put(partition, await(asked.partitionResult(partition), deadline).offset());
      } catch (RuntimeException e) {
        failure = e;
      }
    }
    if (offsets.isEmpty() && failure != null) {
      throw failure;
    }
    return offsets;
  }

  /**
   * By table, the age of the first record at each of its positions. Tables of one topic may be at different
   * positions in a partition, and a consumer is at one position in each: the positions are searched in layers, each
   * with a partition at most once, almost always a single one.
   */
  private Map<String, Map<TopicPartition, Duration>> timeLags(
      Map<String, Map<TopicPartition, Long>> positions, Map<TopicPartition, Long> ends) {
    List<Map<TopicPartition, Long>> layers = new ArrayList<>();
    positions
        .values()
        .forEach(table -> table.forEach((partition, position) -> {
          for (Map<TopicPartition, Long> layer : layers) {
            Long there = layer.putIfAbsent(partition, position);
            if (there == null || there.equals(position)) {
              return;
            }
          }
          Map<TopicPartition, Long> layer = new HashMap<>();
          layer.put(partition, position);
          layers.add(layer);
        }));
    Map<TopicPartition, Map<Long, Duration>> found = new HashMap<>();
    for (Map<TopicPartition, Long> layer : layers) {
      Map<TopicPartition, Duration> ages = records.timeLags(layer, ends);
      ages.forEach((partition, age) ->
          found.computeIfAbsent(partition, p -> new HashMap<>()).put(layer.get(partition), age));
    }
    Map<String, Map<TopicPartition, Duration>> byTable = new HashMap<>();
    positions.forEach((table, own) -> {
      Map<TopicPartition, Duration> ages = new HashMap<>();
      own.forEach((partition, position) -> {
        Duration age = found.getOrDefault(partition, Map.of()).get(position);
        if (age != null) {
          ages.put(partition, age);
        }
      });
      byTable.put(table, ages);
    });
    return byTable;
  }

  private static Map<TopicPartition, OffsetSpec> specs(
      List<TopicPartition> partitions, OffsetSpec spec) {
    Map<TopicPartition, OffsetSpec> specs = new HashMap<>();
    partitions.forEach(partition -> specs.put(partition, spec));
    return specs;
  }

  private <T> T await(KafkaFuture<T> future, long deadline) {
    try {
      return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaException("Interrupted while measuring the lag", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException cause
          ? cause
          : new KafkaException(e.getCause());
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new org.apache.kafka.common.errors.TimeoutException(
          "Kafka did not give the partitions and offsets of the owned tables' topics within "
              + timeout,
          e);
    }
  }
}
