package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import io.mink.lake.maintenance.MaintenanceReport;
import io.mink.tables.LifecycleState;
import java.util.List;
import java.util.Map;

/**
 * What one scrape of /metrics shows: the figures of the tables this instance owns and of the process.
 *
 * @param tables the statuses of the owned tables
 * @param partitions per table, the freshest per-partition lag: the probe's or the last round's
 * @param counts per table, what its rounds on this instance did so far
 * @param ready whether the instance is ready, as GET /ready says
 * @param heapMaxBytes the largest heap the JVM may use; -1 when it has no limit
 * @param tablesByState every added table, owned or not, counted by state; states without tables may be left out
 * @param maintenance per table, what the maintenance after its rounds on this instance did so far
 */
public record MetricsSnapshot(
    List<TableStatus> tables,
    Map<String, List<PartitionLag>> partitions,
    Map<String, RoundCounters.Counts> counts,
    boolean ready,
    long heapUsedBytes,
    long heapMaxBytes,
    Map<LifecycleState, Integer> tablesByState,
    Map<String, MaintenanceReport> maintenance) {
  public MetricsSnapshot {
    maintenance = Map.copyOf(requireNonNull(maintenance, "maintenance is null"));
    tablesByState = Map.copyOf(requireNonNull(tablesByState, "tablesByState is null"));
    tables = List.copyOf(requireNonNull(tables, "tables is null"));
    partitions = Map.copyOf(requireNonNull(partitions, "partitions is null"));
    counts = Map.copyOf(requireNonNull(counts, "counts is null"));
  }

  /** A snapshot without maintenance figures. */
  public MetricsSnapshot(
      List<TableStatus> tables,
      Map<String, List<PartitionLag>> partitions,
      Map<String, RoundCounters.Counts> counts,
      boolean ready,
      long heapUsedBytes,
      long heapMaxBytes,
      Map<LifecycleState, Integer> tablesByState) {
    this(tables, partitions, counts, ready, heapUsedBytes, heapMaxBytes, tablesByState, Map.of());
  }

  /** A snapshot that counts no added tables. */
  public MetricsSnapshot(
      List<TableStatus> tables,
      Map<String, List<PartitionLag>> partitions,
      Map<String, RoundCounters.Counts> counts,
      boolean ready,
      long heapUsedBytes,
      long heapMaxBytes) {
    this(tables, partitions, counts, ready, heapUsedBytes, heapMaxBytes, Map.of());
  }
}
