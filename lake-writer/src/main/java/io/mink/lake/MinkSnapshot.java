package io.mink.lake;

import static java.util.Objects.requireNonNull;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;

/**
 * A snapshot that Mink committed: its summary carries the commit user and the offsets.
 * "Newest" is the highest sequence number, never the snapshot id (ids are random).
 */
public record MinkSnapshot(long snapshotId, long sequenceNumber, long timestampMillis, LakeOffsets offsets) {
  public static final String COMMIT_USER_PROPERTY = "commit-user";
  public static final String COMMIT_USER = "__mink_lake_tiering";
  public static final String OFFSETS_PROPERTY = "mink-offsets";
  public static final String ROUND_PROPERTY = "mink-round";

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
    return new MinkSnapshot(snapshot.snapshotId(), snapshot.sequenceNumber(), snapshot.timestampMillis(),
        LakeOffsets.decode(snapshot.summary().get(OFFSETS_PROPERTY)));
  }

  /** The newest Mink snapshot of the table's metadata, by sequence number. */
  public static Optional<MinkSnapshot> newest(TableMetadata metadata) {
    if (metadata == null) {
      return Optional.empty();
    }
    return metadata.snapshots().stream()
        .filter(MinkSnapshot::isMink)
        .max(Comparator.comparingLong(Snapshot::sequenceNumber).thenComparingLong(Snapshot::timestampMillis))
        .map(MinkSnapshot::of);
  }
}
