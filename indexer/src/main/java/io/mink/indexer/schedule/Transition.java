package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.stats.TableState;
import java.time.Instant;

/**
 * One step of a table through its schedule.
 *
 * @param from the state before; null when the table was first scheduled by this instance
 * @param to the state after; null when this instance let go of the table (removed, or no longer owned)
 * @param epoch the table's epoch after the step
 * @param reason why, for the log, such as "heartbeat timeout"
 */
public record Transition(
    String table, TableState from, TableState to, long epoch, Instant at, String reason) {
  public Transition {
    requireNonNull(table, "table is null");
    requireNonNull(at, "at is null");
    requireNonNull(reason, "reason is null");
    if (from == null && to == null) {
      throw new IllegalArgumentException(
          "A transition of " + table + " needs a state before or after");
    }
  }
}
