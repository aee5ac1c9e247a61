package io.mink.indexer.takeover;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One worker transaction of the Kafka Connect sink, as its control-topic events show it: the data files it wrote
 * for the table taken over and the DataComplete that closed it. A worker sends both, and commits the source offsets
 * to the Connect group, in one Kafka transaction, all keyed by its producer id, so they sit on one control partition
 * in order.
 *
 * @param controlPartition the control topic's partition of its events
 * @param producerKey the worker channel's producer id
 * @param commitId the commit request it answered
 * @param dataPositions positions of its DataWritten events for the table that carry rows
 * @param files the locations of the files of those events
 * @param completePosition position of its DataComplete
 * @param sourceOffsets per source partition it read, the next offset after what it wrote
 * @param possiblyTruncated whether events of it may be older than the control partition's log start: the first
 *     transaction of its producer in a partition whose older events retention deleted
 */
public record SinkTransaction(
    int controlPartition,
    String producerKey,
    UUID commitId,
    List<Long> dataPositions,
    List<String> files,
    long completePosition,
    Map<Integer, Long> sourceOffsets,
    boolean possiblyTruncated) {
  public SinkTransaction {
    requireNonNull(producerKey, "producerKey is null");
    requireNonNull(commitId, "commitId is null");
    dataPositions = List.copyOf(requireNonNull(dataPositions, "dataPositions is null"));
    files = List.copyOf(requireNonNull(files, "files is null"));
    sourceOffsets = Map.copyOf(requireNonNull(sourceOffsets, "sourceOffsets is null"));
  }

  /** Where its data for the table stands against the positions the sink's last commit to the table recorded. */
  public enum Standing {
    /** It wrote no rows for the table. */
    NO_DATA,
    /** Its rows are in the table: every DataWritten of it is below the recorded position. */
    COMMITTED,
    /** Its rows are not in the table: every DataWritten of it is at or past the recorded position. */
    PENDING,
    /** Some of its rows are in the table and some are not. */
    SPLIT
  }

  /** Its standing against {@code recorded}, the next position of its control partition the last commit consumed. */
  public Standing standing(long recorded) {
    if (dataPositions.isEmpty()) {
      return Standing.NO_DATA;
    }
    boolean below = dataPositions.stream().anyMatch(position -> position < recorded);
    boolean atOrPast = dataPositions.stream().anyMatch(position -> position >= recorded);
    if (below && atOrPast) {
      return Standing.SPLIT;
    }
    return below ? Standing.COMMITTED : Standing.PENDING;
  }

  /** How the messages name it. */
  public String describe() {
    return "commit " + commitId + " of producer " + producerKey + ", control partition "
        + controlPartition + " up to offset " + completePosition;
  }
}
