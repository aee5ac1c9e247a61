package io.mink.indexer.takeover;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the takeover reads of a stopped Kafka Connect sink, before any rule applies: the sink's last commit to the
 * table, the control topic's worker transactions, and the Connect group's committed source offsets.
 *
 * @param table the sink's table, {@code namespace.name}
 * @param topic the source topic Mink takes over
 * @param connectGroup the sink's Connect group ({@code iceberg.connect.group-id})
 * @param controlTopic the sink's control topic
 * @param topicPartitions the source topic's partitions now
 * @param recordedPositions the control-topic positions the sink's newest commit to the table recorded (its
 *     snapshot summary {@code kafka.connect.offsets.<control topic>.<group>}): per control partition, the next
 *     offset its coordinator had not consumed
 * @param controlLogStarts per control partition, where its log starts now
 * @param transactions the worker transactions the control topic still holds
 * @param groupOffsets the Connect group's committed offsets of the source topic, per partition
 * @param tableFiles every file location a snapshot of the table's current lineage added, when that lineage still
 *     reaches the table's first snapshot; empty when older snapshots expired and the files cannot be told apart
 */
public record SinkState(
    String table,
    String topic,
    String connectGroup,
    String controlTopic,
    Set<Integer> topicPartitions,
    Map<Integer, Long> recordedPositions,
    Map<Integer, Long> controlLogStarts,
    List<SinkTransaction> transactions,
    Map<Integer, Long> groupOffsets,
    Optional<Set<String>> tableFiles) {
  public SinkState {
    requireNonNull(table, "table is null");
    requireNonNull(topic, "topic is null");
    requireNonNull(connectGroup, "connectGroup is null");
    requireNonNull(controlTopic, "controlTopic is null");
    topicPartitions = Set.copyOf(requireNonNull(topicPartitions, "topicPartitions is null"));
    recordedPositions = Map.copyOf(requireNonNull(recordedPositions, "recordedPositions is null"));
    controlLogStarts = Map.copyOf(requireNonNull(controlLogStarts, "controlLogStarts is null"));
    transactions = List.copyOf(requireNonNull(transactions, "transactions is null"));
    groupOffsets = Map.copyOf(requireNonNull(groupOffsets, "groupOffsets is null"));
    tableFiles = requireNonNull(tableFiles, "tableFiles is null").map(Set::copyOf);
  }

  /**
   * The recorded position of a control partition; 0 for one the coordinator had consumed nothing of, whose every
   * event its next commit would take.
   */
  long recordedPosition(int controlPartition) {
    return recordedPositions.getOrDefault(controlPartition, 0L);
  }
}
