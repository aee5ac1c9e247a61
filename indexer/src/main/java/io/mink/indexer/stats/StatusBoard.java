package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The statuses of the tables this instance owns, updated by the scheduler on every change and read
 * by the metrics endpoint and the status publisher. Thread-safe.
 */
public final class StatusBoard {
  private static final Logger LOG = LoggerFactory.getLogger(StatusBoard.class);

  private final Map<String, TableStatus> statuses = new TreeMap<>();
  private final List<Listener> listeners = new CopyOnWriteArrayList<>();

  /**
   * Told of every put and remove, in order, while the board is locked: it must return at once (count, signal a
   * thread), never wait for I/O.
   */
  @FunctionalInterface
  public interface Listener {
    /**
     * Told of one change of one table's status.
     *
     * @param before the table's status before the change; null when the board did not have the table
     * @param after the table's status after the change; null when the table was removed
     */
    void changed(TableStatus before, TableStatus after);
  }

  public synchronized void put(TableStatus status) {
    TableStatus before = statuses.put(status.table(), status);
    tell(before, status);
  }

  /** Forgets a table this instance no longer owns. */
  public synchronized void remove(String table) {
    TableStatus before = statuses.remove(table);
    if (before != null) {
      tell(before, null);
    }
  }

  public synchronized Optional<TableStatus> get(String table) {
    return Optional.ofNullable(statuses.get(table));
  }

  /** Every owned table's status, by table name. */
  public synchronized Collection<TableStatus> all() {
    return List.copyOf(statuses.values());
  }

  public void addListener(Listener listener) {
    listeners.add(requireNonNull(listener, "listener is null"));
  }

  public void removeListener(Listener listener) {
    listeners.remove(listener);
  }

  private void tell(TableStatus before, TableStatus after) {
    for (Listener listener : listeners) {
      try {
        listener.changed(before, after);
      } catch (RuntimeException e) {
        LOG.error(
            "A listener of the status board failed on the change of table {}; tiering goes on",
            after != null ? after.table() : before.table(),
            e);
      }
    }
  }
}
