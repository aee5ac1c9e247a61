package io.mink.indexer.schedule;

import java.time.Duration;
import java.time.Instant;

/** Waiting on a monitor the caller holds until a time the schedule names, robust to jumps of the clock. */
final class MonitorWait {
  /** The longest a thread sleeps whatever the schedule says, so a clock jump cannot stall it. */
  private static final long MAX_WAIT_MILLIS = 1_000;

  private MonitorWait() {}

  /**
   * Waits on {@code monitor}, which the caller holds, until {@code wake} or a notify, at most a second. Returns
   * false when the thread was interrupted, with its interrupt flag set again.
   */
  @SuppressWarnings(
      "WaitNotInLoop") // its callers loop: every wake-up, spurious or not, looks at the schedule
  // again
  static boolean until(Object monitor, Instant now, Instant wake) {
    long millis = Math.min(Duration.between(now, wake).toMillis(), MAX_WAIT_MILLIS);
    if (millis <= 0) {
      return true;
    }
    try {
      monitor.wait(millis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
