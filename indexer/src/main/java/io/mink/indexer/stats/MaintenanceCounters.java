package io.mink.indexer.stats;

import io.mink.lake.maintenance.MaintenanceReport;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per table, what the maintenance after its rounds on this instance did since the instance started:
 * snapshots expired, files deleted, steps failed. A table's counts stay when it moves to another
 * instance, so they never go down.
 */
public final class MaintenanceCounters {
  private final Map<String, MaintenanceReport> totals = new TreeMap<>();

  public synchronized void add(String table, MaintenanceReport report) {
    totals.merge(table, report, MaintenanceReport::plus);
  }

  /** The totals by table name. */
  public synchronized Map<String, MaintenanceReport> snapshot() {
    return Collections.unmodifiableSortedMap(new TreeMap<>(totals));
  }
}
