package io.mink.cli.operations;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import io.mink.lake.AcceptedStart;
import io.mink.tables.KafkaClientFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

/**
 * Resolves a {@link StartSpec} once, when the table is added, into the offsets the table starts at: a time through
 * Kafka's timestamp index (a partition with no record at or after it starts at its end), {@code latest} at each
 * partition's last stable offset, explicit offsets checked against what Kafka holds.
 */
final class StartOffsets {
  private final Admin admin;
  private final KafkaClientFactory clients;

  StartOffsets(Admin admin, KafkaClientFactory clients) {
    this.admin = admin;
    this.clients = clients;
  }

  AcceptedStart resolve(StartSpec spec, TopicDescription topic) {
    List<Integer> partitions =
        topic.partitions().stream().map(TopicPartitionInfo::partition).toList();
    if (spec instanceof StartSpec.Latest) {
      return AcceptedStart.of(list(topic.name(), partitions, OffsetSpec.latest()));
    }
    if (spec instanceof StartSpec.AtTime at) {
      return atTime(topic.name(), partitions, at);
    }
    if (spec instanceof StartSpec.AtOffsets given) {
      return checked(topic.name(), partitions, given.offsets());
    }
    return AcceptedStart.LOG_START;
  }

  private AcceptedStart atTime(String topic, List<Integer> partitions, StartSpec.AtTime at) {
    Map<Integer, Long> found =
        list(topic, partitions, OffsetSpec.forTimestamp(at.time().toEpochMilli()));
    Map<Integer, Long> ends = list(topic, partitions, OffsetSpec.latest());
    Map<Integer, Long> start = new TreeMap<>();
    for (int partition : partitions) {
      long offset = found.getOrDefault(partition, -1L);
      start.put(partition, offset < 0 ? ends.get(partition) : offset);
    }
    return AcceptedStart.of(start);
  }

  private AcceptedStart checked(String topic, List<Integer> partitions, Map<Integer, Long> given) {
    Map<Integer, Long> logStarts = list(topic, partitions, OffsetSpec.earliest());
    Map<Integer, Long> ends = list(topic, partitions, OffsetSpec.latest());
    for (Map.Entry<Integer, Long> entry : given.entrySet()) {
      int partition = entry.getKey();
      long offset = entry.getValue();
      if (!logStarts.containsKey(partition)) {
        throw MinkException.user("Invalid --from: topic " + topic + " has no partition " + partition
            + ", only 0 to " + (partitions.size() - 1));
      }
      if (offset < logStarts.get(partition)) {
        throw MinkException.user("Invalid --from: partition " + partition + " offset " + offset
            + " is below the partition's log start " + logStarts.get(partition)
            + ", so Kafka no longer holds it: start at " + logStarts.get(partition) + " or later");
      }
      if (offset > ends.get(partition)) {
        throw MinkException.user("Invalid --from: partition " + partition + " offset " + offset
            + " is past the partition's end " + ends.get(partition) + ": start at "
            + ends.get(partition) + " or earlier, or use --from latest");
      }
    }
    return AcceptedStart.of(given);
  }

  /** The offsets Kafka lists for each partition, read_committed: latest is the last stable offset. */
  private Map<Integer, Long> list(String topic, List<Integer> partitions, OffsetSpec spec) {
    Map<TopicPartition, OffsetSpec> request = new HashMap<>();
    partitions.forEach(partition -> request.put(new TopicPartition(topic, partition), spec));
    try {
      Map<TopicPartition, ListOffsetsResultInfo> listed = admin
          .listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
          .all()
          .get(Connections.KAFKA_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      Map<Integer, Long> offsets = new TreeMap<>();
      listed.forEach((partition, info) -> offsets.put(partition.partition(), info.offset()));
      return offsets;
    } catch (ExecutionException | TimeoutException e) {
      throw Connections.unreachable(clients, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MinkException(
          ErrorCategory.INTERNAL, "Interrupted while listing the offsets of topic " + topic, e);
    }
  }
}
