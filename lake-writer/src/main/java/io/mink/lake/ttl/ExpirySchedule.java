package io.mink.lake.ttl;

import io.mink.lake.MinkSnapshot;
import io.mink.lake.RowTtl;
import java.time.Duration;
import java.time.Instant;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * When a table's rows are next checked against its row TTL: a round checks them when no Mink snapshot of the
 * current lineage says it did within the last {@link #interval}, a 24th of the TTL, between a second and an hour.
 * Rows are then at most that much past their TTL in the lake's files; reads never return them (docs/operations.md,
 * "Row TTL"). Pure.
 */
public final class ExpirySchedule {
  private static final Duration SHORTEST = Duration.ofSeconds(1);
  private static final Duration LONGEST = Duration.ofHours(1);

  private ExpirySchedule() {}

  /** How long after one check the next is due. */
  public static Duration interval(RowTtl ttl) {
    Duration share = ttl.ttl().dividedBy(24);
    return share.compareTo(SHORTEST) < 0
        ? SHORTEST
        : share.compareTo(LONGEST) > 0 ? LONGEST : share;
  }

  /** Whether the table's rows are due a check at {@code now}. */
  public static boolean due(TableMetadata metadata, RowTtl ttl, Instant now) {
    if (metadata.currentSnapshot() == null) {
      return false;
    }
    for (Snapshot snapshot :
        SnapshotUtil.ancestorsOf(metadata.currentSnapshot().snapshotId(), metadata::snapshot)) {
      if (MinkSnapshot.isMink(snapshot)
          && snapshot.summary().containsKey(MinkSnapshot.TTL_CUTOFF_PROPERTY)) {
        return now.toEpochMilli() - snapshot.timestampMillis() >= interval(ttl).toMillis();
      }
    }
    return true;
  }
}
