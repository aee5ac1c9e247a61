package io.mink.lake.maintenance;

import io.mink.lake.maintenance.SnapshotHistory.BecameCurrent;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * When snapshots may expire, and whether enough of them have piled up to be worth a commit; pure.
 *
 * <p>A read pins the snapshot that is current when it plans (a union read, a query, an engine's scan), so a snapshot
 * stays until it stopped being current more than the retention ago, however long it had been current and whatever
 * its commit time: the table's snapshot log says when each snapshot became current and so when the one before it
 * stopped, which also covers a rollback, where the snapshot it leaves stops being current and the one it returns to
 * is current again. A snapshot that is not in the log either was never current (another branch, an intermediate
 * snapshot of a transaction) or was current only before the log's first entry, whose time is then when it stopped
 * at the latest. The current snapshot and the newest Mink snapshot of the current lineage always stay: the latter's
 * mink-offsets are where the next round starts.
 *
 * <p>Iceberg expires by commit time, so the cutoff is the oldest commit time among the snapshots that stay: only
 * snapshots older than every one of them go, and a snapshot that may go but is newer waits for a later expiry. Expiry
 * runs once the snapshots that may go span a tenth of the retention, so a table tiered every few seconds expires them
 * in batches, not at every round.
 */
final class SnapshotExpiry {
  private SnapshotExpiry() {}

  /**
   * The time before which snapshots may expire (Iceberg's expireOlderThan), or empty when none should expire now.
   */
  static OptionalLong dueCutoff(SnapshotHistory history, long nowMillis, Duration retention) {
    long windowStart = nowMillis - retention.toMillis();
    Map<Long, Long> stopped = stoppedBeingCurrent(history.log(), nowMillis);
    OptionalLong cutoff = history.committedMillis().entrySet().stream()
        .filter(snapshot -> history.current().equals(OptionalLong.of(snapshot.getKey()))
            || history.newestMink().equals(OptionalLong.of(snapshot.getKey()))
            || stopped.getOrDefault(snapshot.getKey(), firstEntry(history.log(), nowMillis))
                >= windowStart)
        .mapToLong(Map.Entry::getValue)
        .min();
    if (cutoff.isEmpty()) {
      return OptionalLong.empty();
    }
    long slack = retention.toMillis() / 10;
    return history.oldestUnreferencedMillis() < cutoff.getAsLong() - slack
        ? cutoff
        : OptionalLong.empty();
  }

  /**
   * When each snapshot of the log last stopped being current: the time of the entry after its last one; now for the
   * snapshot of the last entry, which is current.
   */
  static Map<Long, Long> stoppedBeingCurrent(List<BecameCurrent> log, long nowMillis) {
    Map<Long, Long> stopped = new HashMap<>();
    for (int i = 0; i < log.size(); i++) {
      long until = i + 1 < log.size() ? log.get(i + 1).atMillis() : nowMillis;
      stopped.merge(log.get(i).snapshotId(), until, Math::max);
    }
    return stopped;
  }

  /** When the snapshots before the log's first entry stopped being current at the latest; now for an empty log. */
  private static long firstEntry(List<BecameCurrent> log, long nowMillis) {
    return log.isEmpty() ? nowMillis : log.get(0).atMillis();
  }
}
