package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.stats.MaintenanceCounters;
import io.mink.lake.maintenance.MaintenanceReport;
import io.mink.lake.maintenance.TableMaintenance;
import io.mink.tables.TableDescriptor;
import java.time.Clock;
import org.apache.iceberg.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The maintenance a worker runs on a table after its round committed and was reported
 * ({@link TableMaintenance}), counted for the metrics. It never fails the round: a failure is
 * logged and counted, and the maintenance after a later round tries again.
 */
final class RoundMaintenance {
  private static final Logger LOG = LoggerFactory.getLogger(RoundMaintenance.class);
  private static final MaintenanceReport FAILED = new MaintenanceReport(0, 0, 0, 1);

  private final TableMaintenance maintenance;
  private final MaintenanceCounters counters;

  RoundMaintenance(Clock clock, MaintenanceCounters counters) {
    this.maintenance = new TableMaintenance(clock);
    this.counters = requireNonNull(counters, "counters is null");
  }

  void afterCommit(TableDescriptor descriptor, Table table) {
    MaintenanceReport report;
    try {
      report = maintenance.afterCommit(table, descriptor.freshness());
    } catch (RuntimeException e) {
      LOG.warn(
          "Maintenance of {} failed ({}); its round is committed, and maintenance after a later round tries "
              + "again",
          descriptor.qualifiedName(),
          e.getMessage(),
          e);
      report = FAILED;
    }
    counters.add(descriptor.qualifiedName(), report);
  }
}
