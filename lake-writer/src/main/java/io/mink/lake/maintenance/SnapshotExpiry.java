package io.mink.lake.maintenance;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;

/**
 * When snapshots may expire, and whether enough of them have piled up to be worth a commit; pure.
 *
 * <p>A snapshot stays while it or the snapshot after it is younger than the retention: a reader
 * that pinned the then-current snapshot a moment ago keeps it for a whole retention, even when it
 * had been current for long. The newest Mink snapshot always stays, whatever other writers committed
 * after it, since its mink-offsets are where the next round starts. Expiry runs once the snapshots
 * that may go span a tenth of the retention, so a table tiered every few seconds expires them in
 * batches, not at every round.
 */
final class SnapshotExpiry {
  private SnapshotExpiry() {}

  /**
   * The time before which snapshots may expire (Iceberg's expireOlderThan), or empty when none
   * should expire now.
   *
   * @param ancestry the commit times of the current snapshot and its ancestors, newest first
   * @param oldestMillis the commit time of the table's oldest snapshot
   * @param newestMinkMillis the commit time of the newest Mink snapshot, if there is one
   */
  static OptionalLong dueCutoff(
      List<Long> ancestry,
      long oldestMillis,
      OptionalLong newestMinkMillis,
      long nowMillis,
      Duration retention) {
    long windowStart = nowMillis - retention.toMillis();
    OptionalLong currentAtWindowStart = OptionalLong.empty();
    for (long committed : ancestry) {
      if (committed < windowStart) {
        currentAtWindowStart = OptionalLong.of(committed);
        break;
      }
    }
    if (currentAtWindowStart.isEmpty()) {
      return OptionalLong.empty();
    }
    long cutoff =
        Math.min(currentAtWindowStart.getAsLong(), newestMinkMillis.orElse(Long.MAX_VALUE));
    long slack = retention.toMillis() / 10;
    return oldestMillis < cutoff - slack ? OptionalLong.of(cutoff) : OptionalLong.empty();
  }
}
