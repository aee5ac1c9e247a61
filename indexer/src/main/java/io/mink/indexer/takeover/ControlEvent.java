package io.mink.indexer.takeover;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One event of the Kafka Connect sink's control topic, as much of it as the takeover needs (docs/operations.md,
 * "Switching from the Kafka Connect sink"): where it is, which producer sent it (the record key: one per worker
 * channel, so that a worker's events stay in order on one partition), and what it says.
 *
 * @param controlPartition the control topic's partition
 * @param position the event's offset in that partition
 * @param producerKey the record key, the sending channel's producer id
 * @param groupId the Connect group the event belongs to; events of other connectors are ignored
 * @param kind what the event is
 * @param commitId the commit the event answers; null for {@link Kind#OTHER}
 * @param table for {@link Kind#DATA_WRITTEN}, the table the files are for as {@code namespace.name}; else null
 * @param rows for {@link Kind#DATA_WRITTEN}, the rows of its data and delete files; else 0
 * @param files for {@link Kind#DATA_WRITTEN}, the locations of its data and delete files that hold rows; else empty
 * @param sourceOffsets for {@link Kind#DATA_COMPLETE}, per partition of the source topic the worker read, the next
 *     offset after what it wrote; partitions it was assigned but read nothing of are absent
 */
public record ControlEvent(
    int controlPartition,
    long position,
    String producerKey,
    String groupId,
    Kind kind,
    UUID commitId,
    String table,
    long rows,
    List<String> files,
    Map<Integer, Long> sourceOffsets) {
  /** The kinds of control events the takeover tells apart. */
  public enum Kind {
    /** A worker's data files for one table, sent at a commit request. */
    DATA_WRITTEN,
    /** A worker's last event of a commit request: the source offsets its files end at. */
    DATA_COMPLETE,
    /** A coordinator's event (start commit, commit to table, commit complete). */
    OTHER
  }

  public ControlEvent {
    requireNonNull(producerKey, "producerKey is null");
    requireNonNull(groupId, "groupId is null");
    requireNonNull(kind, "kind is null");
    files = List.copyOf(requireNonNull(files, "files is null"));
    sourceOffsets = Map.copyOf(requireNonNull(sourceOffsets, "sourceOffsets is null"));
  }

  /** A worker's data files for {@code table}, {@code rows} rows in all, at locations nobody else names. */
  public static ControlEvent dataWritten(
      int controlPartition,
      long position,
      String producerKey,
      String groupId,
      UUID commitId,
      String table,
      long rows) {
    return dataWritten(
        controlPartition,
        position,
        producerKey,
        groupId,
        commitId,
        table,
        rows,
        rows > 0 ? List.of(controlPartition + "/" + position + ".parquet") : List.of());
  }

  /** A worker's data files for {@code table} at {@code files}, {@code rows} rows in all. */
  public static ControlEvent dataWritten(
      int controlPartition,
      long position,
      String producerKey,
      String groupId,
      UUID commitId,
      String table,
      long rows,
      List<String> files) {
    return new ControlEvent(
        controlPartition,
        position,
        producerKey,
        groupId,
        Kind.DATA_WRITTEN,
        requireNonNull(commitId, "commitId is null"),
        requireNonNull(table, "table is null"),
        rows,
        files,
        Map.of());
  }

  /** A worker's end of a commit request, with the source offsets its data files end at. */
  public static ControlEvent dataComplete(
      int controlPartition,
      long position,
      String producerKey,
      String groupId,
      UUID commitId,
      Map<Integer, Long> sourceOffsets) {
    return new ControlEvent(
        controlPartition,
        position,
        producerKey,
        groupId,
        Kind.DATA_COMPLETE,
        requireNonNull(commitId, "commitId is null"),
        null,
        0,
        List.of(),
        sourceOffsets);
  }

  /** An event the takeover does not read, kept for its position. */
  public static ControlEvent other(
      int controlPartition, long position, String producerKey, String groupId) {
    return new ControlEvent(
        controlPartition,
        position,
        producerKey,
        groupId,
        Kind.OTHER,
        null,
        null,
        0,
        List.of(),
        Map.of());
  }
}
