package io.mink.lake.maintenance;

import io.mink.lake.maintenance.SnapshotHistory.BecameCurrent;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * When snapshots may expire, and whether enough of them have piled up to be worth a commit; pure.
 *
 * <p>A read pins the snapshot that is current when it plans (a union read, a query, an engine's scan), so a snapshot
 * stays until it stopped being current more than the retention ago, however long it had been current and whatever
 * its commit time: the table's snapshot log says when each snapshot became current and so when the one before it
 * stopped, which also covers a rollback, where the snapshot it leaves stops being current and the one it returns to
 * is current again. A snapshot that is not in the log either was never current (another branch, an intermediate
 * snapshot of a transaction) or was current only before the log's first entry, whose time is then when it stopped
 * at the latest. The current snapshot always stays, and with every snapshot that stays the newest Mink snapshot in
 * its lineage: the current lineage's has the mink-offsets where the next round starts, another's the seams of a read
 * that pinned the snapshot above it, so that its read point repeats.
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
    OptionalLong cutoff = staying(history, nowMillis, retention).stream()
        .filter(history.committedMillis()::containsKey)
        .mapToLong(history.committedMillis()::get)
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
   * The snapshots that must stay: the current one, those that stopped being current within the retention, and the
   * newest Mink snapshot in the lineage of each of them.
   */
  static Set<Long> staying(SnapshotHistory history, long nowMillis, Duration retention) {
    long windowStart = nowMillis - retention.toMillis();
    Map<Long, Long> stopped = stoppedBeingCurrent(history.log(), nowMillis);
    long beforeTheLog = firstEntry(history.log(), nowMillis);
    Set<Long> staying = new HashSet<>();
    history.current().ifPresent(staying::add);
    history.committedMillis().keySet().stream()
        .filter(id -> stopped.getOrDefault(id, beforeTheLog) >= windowStart)
        .forEach(staying::add);
    staying.addAll(staying.stream()
        .map(history.newestMinkInLineage()::get)
        .filter(Objects::nonNull)
        .toList());
    return staying;
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
