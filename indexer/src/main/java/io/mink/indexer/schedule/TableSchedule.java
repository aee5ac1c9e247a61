package io.mink.indexer.schedule;

import java.time.Duration;
import java.time.Instant;

/**
 * When a table is next due. Pure: the service passes the clock's time in.
 * A table is due at last tiered + freshness; a force-finished round is due again at once; a failed
 * round backs off from 1 s, doubling, at most the freshness.
 */
final class TableSchedule {
  private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);

  private Instant nextDue;
  private Duration backoff = FIRST_BACKOFF;
  private int consecutiveFailures;

  TableSchedule(Instant nextDue) {
    this.nextDue = nextDue;
  }

  /** A table first seen: due one freshness after its last Mink snapshot, or now if it has none. */
  static TableSchedule firstSeen(Instant lastTiered, Duration freshness, Instant now) {
    if (lastTiered == null) {
      return new TableSchedule(now);
    }
    Instant due = lastTiered.plus(freshness);
    return new TableSchedule(due.isBefore(now) ? now : due);
  }

  boolean isDue(Instant now) {
    return !nextDue.isAfter(now);
  }

  Instant nextDue() {
    return nextDue;
  }

  int consecutiveFailures() {
    return consecutiveFailures;
  }

  void tiered(Instant finished, Duration freshness, boolean forceFinished) {
    nextDue = forceFinished ? finished : finished.plus(freshness);
    backoff = FIRST_BACKOFF;
    consecutiveFailures = 0;
  }

  /**
   * The table's freshness changed while it waited: it is due the new freshness after its last round, as if the new
   * one had applied all along. A table backing off after failures keeps its backoff.
   */
  void freshnessChanged(Duration from, Duration to) {
    if (consecutiveFailures == 0) {
      nextDue = nextDue.minus(from).plus(to);
    }
  }

  /** An operator let a stopped table go on: due at once, its backoff reset. */
  void resumed(Instant now) {
    nextDue = now;
    backoff = FIRST_BACKOFF;
    consecutiveFailures = 0;
  }

  void failed(Instant finished, Duration freshness) {
    nextDue = finished.plus(backoff.compareTo(freshness) < 0 ? backoff : freshness);
    backoff = backoff.multipliedBy(2);
    consecutiveFailures++;
  }
}
