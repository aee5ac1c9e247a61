package io.mink.indexer.status;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The statuses of the tables this instance owns, updated by the scheduler on every change and read
 * by the metrics endpoint and the status publisher. Thread-safe.
 */
public final class StatusBoard {
  private final Map<String, TableStatus> statuses = new TreeMap<>();

  public synchronized void put(TableStatus status) {
    statuses.put(status.table(), status);
  }

  /** Forgets a table this instance no longer owns. */
  public synchronized void remove(String table) {
    statuses.remove(table);
  }

  public synchronized Optional<TableStatus> get(String table) {
    return Optional.ofNullable(statuses.get(table));
  }

  /** Every owned table's status, by table name. */
  public synchronized Collection<TableStatus> all() {
    return List.copyOf(statuses.values());
  }
}
