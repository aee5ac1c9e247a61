package io.mink.indexer.schedule;

import io.mink.indexer.config.Durations;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rounds of the owned tables: the one running per table, and those that lost their lease and may not have
 * stopped yet, which a removal waits for. Not thread-safe: {@link OwnedTables} guards it with its lock.
 */
final class RunningRounds {
  private static final Logger LOG = LoggerFactory.getLogger(OwnedTables.class);

  private final Map<String, RoundLease> running = new HashMap<>();
  private final Map<String, RoundLease> stopping = new HashMap<>();

  /** Starts the table's round under {@code epoch}: its lease, held by {@code holder}. */
  RoundLease start(
      TableDescriptor table, long epoch, RoundLease.Holder holder, TieringSettings settings) {
    RoundLease lease =
        new RoundLease(table, epoch, holder, settings.heartbeatInterval(), System::nanoTime);
    running.put(lease.table(), lease);
    return lease;
  }

  /**
   * Whether the lease is its table's running one. Compared by identity, not only by epoch: a table let go and
   * owned again starts a new count of epochs, which may meet an old round's.
   */
  boolean isRunning(RoundLease lease) {
    return running.get(lease.table()) == lease;
  }

  /** The round's worker is done with it. */
  void ended(RoundLease lease) {
    running.remove(lease.table(), lease);
    stopping.remove(lease.table(), lease);
  }

  /** The table's round timed out: it loses its lease, and the table is taken again without waiting for it. */
  void timedOut(Transition transition, Duration heartbeatTimeout) {
    LOG.warn(
        "Round of {} timed out: {}; the table is pending again under epoch {}",
        transition.table(),
        transition.reason(),
        transition.epoch());
    RoundLease silent = running.remove(transition.table());
    if (silent != null) {
      silent.lose("its worker sent no heartbeat for " + Durations.format(heartbeatTimeout));
    }
  }

  /** The table is let go: its running round loses its lease and is returned, kept as stopping until it ends. */
  RoundLease stop(String table, String reason) {
    RoundLease lease = running.remove(table);
    if (lease != null) {
      lease.lose(reason);
      stopping.put(table, lease);
    }
    return lease;
  }

  /** The round of a table let go that has not ended yet; null when none. */
  RoundLease stopping(String table) {
    return stopping.get(table);
  }
}
