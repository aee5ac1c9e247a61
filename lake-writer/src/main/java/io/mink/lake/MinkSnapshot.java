package io.mink.lake;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * A snapshot that Mink committed: its summary carries the commit user and the offsets. Every summary
 * key Mink writes is named here (docs/exactly-once.md, docs/layout.md). "Newest" is the first Mink snapshot met
 * walking back from the current snapshot through its parents: the table's current lineage, never the highest sequence
 * number over all snapshots (a rollback leaves later snapshots in the metadata) nor the snapshot id (ids are random).
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
  /**
   * The offsets whose rows the row TTL removed, every one so far ({@link io.mink.lake.history.OffsetRanges}): each
   * expiry writes the whole record again, merged, so the newest snapshot that has it has all of it.
   */
  public static final String EXPIRED_PROPERTY = "mink-expired";
  /** How many rows the commit's row expiry removed. */
  public static final String EXPIRED_ROWS_PROPERTY = "mink-expired-rows";
  /** The _kafka_timestamp, in epoch milliseconds, below which the commit's row expiry removed rows. */
  public static final String TTL_CUTOFF_PROPERTY = "mink-ttl-cutoff";
  /**
   * The first offset of each partition the commit indexed for the first time, as {@link LakeOffsets#encode()} writes
   * them: where the table starts when it was added without an accepted start ({@link io.mink.lake.AcceptedStart}).
   */
  public static final String STARTED_PROPERTY = "mink-started";
  /** Marks the empty snapshot that records where indexing of an attached table starts. */
  public static final String ATTACH_PROPERTY = "mink-attach";
  /** The attached table's snapshot the attach started from, or none. */
  public static final String ATTACH_BASELINE_SNAPSHOT_PROPERTY = "mink-attach-baseline-snapshot";

  /**
   * The tag every round's commit moves to its snapshot. Tagged, the last round's snapshot outlives another engine's
   * expire_snapshots, and its offsets are found even when the snapshots between it and the current one expired.
   */
  public static final String LAST_ROUND_TAG = "mink-last-round";

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

  /** The newest Mink snapshot in the current lineage of the table as it was last loaded or refreshed. */
  public static Optional<MinkSnapshot> newest(Table table) {
    return newest(((HasTableOperations) table).operations().current());
  }

  /**
   * The newest Mink snapshot in the lineage of the metadata's current snapshot. When the lineage holds none as far as
   * the metadata still has it (another engine expired the snapshots between), the snapshot of {@link
   * #LAST_ROUND_TAG}, if it is older than every snapshot left in the lineage: Mink's rounds move the tag at every
   * commit, so it is the last round below them.
   */
  public static Optional<MinkSnapshot> newest(TableMetadata metadata) {
    if (metadata == null || metadata.currentSnapshot() == null) {
      return Optional.empty();
    }
    Lineage lineage = Lineage.of(metadata, metadata.currentSnapshot().snapshotId());
    if (lineage.newestMink().isPresent() || !lineage.truncated()) {
      return lineage.newestMink();
    }
    return lastRoundBelow(metadata, lineage.oldest());
  }

  /** The newest Mink snapshot among {@code snapshotId} and its ancestors, as {@link #newest(TableMetadata)} finds it. */
  public static Optional<MinkSnapshot> newestInLineageOf(TableMetadata metadata, long snapshotId) {
    Lineage lineage = Lineage.of(metadata, snapshotId);
    if (lineage.newestMink().isPresent() || !lineage.truncated()) {
      return lineage.newestMink();
    }
    return lastRoundBelow(metadata, lineage.oldest());
  }

  /**
   * Whether the current lineage lost its Mink snapshots: it holds none, its oldest snapshot has a parent the
   * metadata no longer has (another engine expired the lineage's older snapshots), no tagged last round stands in,
   * and the metadata shows Mink wrote the table. The table's offsets are then unknown, and tiering from the start
   * would write rows twice.
   */
  public static boolean lineageLostOffsets(TableMetadata metadata) {
    if (metadata == null
        || metadata.currentSnapshot() == null
        || newest(metadata).isPresent()) {
      return false;
    }
    Lineage lineage = Lineage.of(metadata, metadata.currentSnapshot().snapshotId());
    return lineage.truncated()
        && (metadata.properties().containsKey(MinkTableLayout.TOPIC_PROPERTY)
            || metadata.snapshots().stream().anyMatch(MinkSnapshot::isMink));
  }

  private static Optional<MinkSnapshot> lastRoundBelow(TableMetadata metadata, Snapshot oldest) {
    SnapshotRef tag = metadata.ref(LAST_ROUND_TAG);
    Snapshot tagged = tag == null ? null : metadata.snapshot(tag.snapshotId());
    if (tagged == null || !isMink(tagged) || tagged.sequenceNumber() >= oldest.sequenceNumber()) {
      return Optional.empty();
    }
    return Optional.of(of(tagged));
  }

  /** A snapshot's ancestry as far as the metadata has it: its newest Mink snapshot and where it ends. */
  private record Lineage(Optional<MinkSnapshot> newestMink, Snapshot oldest, boolean truncated) {
    static Lineage of(TableMetadata metadata, long snapshotId) {
      Snapshot oldest = null;
      for (Snapshot snapshot : SnapshotUtil.ancestorsOf(snapshotId, metadata::snapshot)) {
        if (isMink(snapshot)) {
          return new Lineage(Optional.of(MinkSnapshot.of(snapshot)), snapshot, false);
        }
        oldest = snapshot;
      }
      return new Lineage(Optional.empty(), oldest, oldest != null && oldest.parentId() != null);
    }
  }
}
