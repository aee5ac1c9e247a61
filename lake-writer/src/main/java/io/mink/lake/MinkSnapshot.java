package io.mink.lake;

import static java.util.Objects.requireNonNull;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;

/**
 * A snapshot that Mink committed: its summary carries the commit user and the offsets. Every summary
 * key Mink writes is named here (docs/exactly-once.md, docs/layout.md). "Newest" is the highest
 * sequence number, never the snapshot id (ids are random).
 */
public record MinkSnapshot(
    long snapshotId, long sequenceNumber, long timestampMillis, LakeOffsets offsets) {
  public static final String COMMIT_USER_PROPERTY = "commit-user";
  public static final String COMMIT_USER = "__mink_lake_tiering";
  /** The next offset to read per partition, as {@link LakeOffsets#encode()} writes them. */
  public static final String OFFSETS_PROPERTY = "mink-offsets";
  /** The id of the round or attach that committed the snapshot, to settle a commit of unknown outcome. */
  public static final String ROUND_PROPERTY = "mink-round";
  /** The Kafka topic the table indexes. */
  public static final String TOPIC_PROPERTY = "mink-topic";
  /** How many rows the round wrote. */
  public static final String ROUND_ROWS_PROPERTY = "mink-round-rows";
  /** Whether the round stopped at its freshness deadline, leaving the rest to the next round. */
  public static final String FORCE_FINISHED_PROPERTY = "mink-force-finished";
  /** Followed by part and reason, such as mink-raw.value.undecodable-bytes: the parts left raw. */
  public static final String RAW_PROPERTY_PREFIX = "mink-raw.";
  /** How many rows of earlier rounds an upsert table's round deleted: replaced or deleted keys. */
  public static final String DELETED_ROWS_PROPERTY = "mink-deleted-rows";
  /** How many small files the round rewrote. */
  public static final String COMPACTED_FILES_PROPERTY = "mink-compacted-files";
  /** The offset ranges an operator accepted as lost with mink table resume --accept-gap, as JSON. */
  public static final String GAPS_PROPERTY = "mink-gaps";
  /** Marks the empty snapshot that records where indexing of an attached table starts. */
  public static final String ATTACH_PROPERTY = "mink-attach";
  /** The attached table's snapshot the attach started from, or none. */
  public static final String ATTACH_BASELINE_SNAPSHOT_PROPERTY = "mink-attach-baseline-snapshot";

  public MinkSnapshot {
    requireNonNull(offsets, "offsets is null");
  }

  public static boolean isMink(Snapshot snapshot) {
    Map<String, String> summary = snapshot.summary();
    return summary != null
        && COMMIT_USER.equals(summary.get(COMMIT_USER_PROPERTY))
        && summary.containsKey(OFFSETS_PROPERTY);
  }

  public static MinkSnapshot of(Snapshot snapshot) {
    return new MinkSnapshot(
        snapshot.snapshotId(),
        snapshot.sequenceNumber(),
        snapshot.timestampMillis(),
        LakeOffsets.decode(snapshot.summary().get(OFFSETS_PROPERTY)));
  }

  /** The newest Mink snapshot of the table as it was last loaded or refreshed. */
  public static Optional<MinkSnapshot> newest(Table table) {
    return newest(((HasTableOperations) table).operations().current());
  }

  /** The newest Mink snapshot of the table's metadata, by sequence number. */
  public static Optional<MinkSnapshot> newest(TableMetadata metadata) {
    if (metadata == null) {
      return Optional.empty();
    }
    return metadata.snapshots().stream()
        .filter(MinkSnapshot::isMink)
        .max(Comparator.comparingLong(Snapshot::sequenceNumber)
            .thenComparingLong(Snapshot::timestampMillis))
        .map(MinkSnapshot::of);
  }
}
