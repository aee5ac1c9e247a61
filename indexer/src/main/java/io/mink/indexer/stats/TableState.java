package io.mink.indexer.stats;

/** Where a table is in its tiering schedule (docs/scheduling.md, States). */
public enum TableState {
  /** Waiting for its next due time: last tiered + freshness. */
  SCHEDULED,
  /** Due, waiting in the queue for a worker. */
  PENDING,
  /** A worker runs its round under an epoch and heartbeats. */
  TIERING,
  /** Its last round committed, or had nothing new; scheduled again after the freshness. */
  TIERED,
  /** Its last round failed (see the status's error), or a gap stops it until an operator accepts it. */
  FAILED
}
