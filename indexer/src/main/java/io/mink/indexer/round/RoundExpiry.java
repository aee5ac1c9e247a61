package io.mink.indexer.round;

import io.mink.lake.MinkSnapshot;
import io.mink.lake.RowTtl;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.history.TableHistory;
import io.mink.lake.ttl.ExpirySchedule;
import io.mink.lake.ttl.RowExpiry;
import io.mink.tables.TableDescriptor;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;

/**
 * The row TTL's part of a round (docs/operations.md, "Row TTL"): when the table has a TTL and a check is due, the
 * rows of the round's base snapshot older than the TTL leave in the round's own commit, fenced like its data, and the
 * commit records what left. A table with nothing new commits the expiry alone.
 */
final class RoundExpiry {
  private RoundExpiry() {}

  /** The expiry the round commits; empty when the table has no TTL or no check is due. */
  static Optional<RowExpiry.Expiry> due(
      TableDescriptor descriptor,
      Table table,
      TableMetadata metadata,
      Long baseSnapshotId,
      Instant now,
      String roundId) {
    Optional<RowTtl> ttl = RowTtl.fromOptions(descriptor.options());
    if (ttl.isEmpty() || baseSnapshotId == null || !ExpirySchedule.due(metadata, ttl.get(), now)) {
      return Optional.empty();
    }
    TableHistory history = TableHistory.of(metadata);
    return Optional.of(RowExpiry.plan(
        table,
        baseSnapshotId,
        ttl.get().oldestKeptMillis(now),
        history.expired(),
        "expire-" + roundId));
  }

  /** The round's commit with the expiry's files and record. */
  static RoundCommit with(RoundCommit round, RowExpiry.Expiry expiry) {
    Map<String, String> summary = new HashMap<>(round.summary());
    summary.put(MinkSnapshot.TTL_CUTOFF_PROPERTY, Long.toString(expiry.cutoffMillis()));
    if (!expiry.isEmpty()) {
      summary.put(MinkSnapshot.EXPIRED_ROWS_PROPERTY, Long.toString(expiry.rows()));
      summary.put(MinkSnapshot.EXPIRED_PROPERTY, expiry.record().encode());
    }
    return new RoundCommit(
        round.roundId(),
        round.startOffsets(),
        round.endOffsets(),
        round.dataFiles(),
        summary,
        round.schemaEvolution(),
        round.compaction().and(expiry.compaction()),
        round.deletes(),
        round.baseSnapshotId());
  }
}
