package io.mink.lake.maintenance;

import static java.util.Objects.requireNonNull;

import io.mink.lake.MinkTableLayout;
import io.mink.lake.history.HistoryCarry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.iceberg.ExpireSnapshots;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.UpdateProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a table's cost flat however many rounds it commits, run by the sidecar after each round's
 * commit, never inside it: carries the table's offset history into its properties ({@link HistoryCarry}), then
 * expires snapshots past the retention ({@link SnapshotExpiry}) and
 * deletes their files as Iceberg's ExpireSnapshots does, gives tables Mink created before these
 * existed the {@link MinkTableLayout#housekeepingProperties()} (metadata files are then deleted
 * at each commit), and once a day removes orphan files ({@link OrphanFileRemoval}). Rounds merge
 * their manifests as they commit. None of it moves the table's offsets: the newest Mink snapshot
 * of the current lineage and the current snapshot always stay, and a snapshot a read may still
 * hold stays for the retention after it stopped being current.
 */
public final class TableMaintenance {
  private static final Logger LOG = LoggerFactory.getLogger(TableMaintenance.class);
  /** How often the sidecar lists a table's files for orphans. */
  public static final Duration ORPHAN_SCAN_INTERVAL = Duration.ofDays(1);

  private final Clock clock;
  private final Duration orphanScanInterval;
  private final Map<String, Instant> nextOrphanScan = new ConcurrentHashMap<>();

  public TableMaintenance(Clock clock) {
    this(clock, ORPHAN_SCAN_INTERVAL);
  }

  /**
   * @param orphanScanInterval how often each table's files are listed for orphans; the first time
   *     at a random moment within one interval of the first round here, so that an instance that
   *     starts with many tables does not list them all at once
   */
  public TableMaintenance(Clock clock, Duration orphanScanInterval) {
    this.clock = requireNonNull(clock, "clock is null");
    this.orphanScanInterval = requireNonNull(orphanScanInterval, "orphanScanInterval is null");
  }

  /**
   * Maintains a table after a round committed to it. Never throws: a step that fails is logged,
   * counted in the report and tried again after a later round.
   *
   * @param freshness the table's freshness, which bounds how long one of its rounds runs
   */
  public MaintenanceReport afterCommit(Table table, Duration freshness) {
    Instant now = clock.instant();
    MaintenancePolicy policy = MaintenancePolicy.of(table.properties(), freshness);
    MaintenanceReport report = step(table, "set the housekeeping properties", () -> {
      completeProperties(table);
      return MaintenanceReport.NOTHING;
    });
    report =
        report.plus(step(table, "expire old snapshots", () -> expireSnapshots(table, policy, now)));
    if (policy.orphanAge().isPresent() && orphanScanDue(table.name(), now)) {
      report = report.plus(step(
          table,
          "remove orphan files",
          () -> OrphanFileRemoval.remove(table, policy.orphanAge().get(), now)));
    }
    return report;
  }

  /**
   * Expires the snapshots the policy lets go, once enough have piled up, and deletes the files only
   * they used. Refuses nothing that Iceberg's own expiry keeps: snapshots of branches and tags, the
   * newest history.expire.min-snapshots-to-keep. First carries the table's offset history into its properties
   * ({@link HistoryCarry}), and expires nothing when that fails.
   */
  public static MaintenanceReport expireSnapshots(
      Table table, MaintenancePolicy policy, Instant now) {
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    if (!policy.gcEnabled() || metadata.snapshots().size() <= policy.minSnapshots()) {
      return MaintenanceReport.NOTHING;
    }
    OptionalLong cutoff = SnapshotExpiry.dueCutoff(
        SnapshotHistory.of(metadata), now.toEpochMilli(), policy.retention());
    if (cutoff.isEmpty() || expiry(table, cutoff.getAsLong()).apply().isEmpty()) {
      return MaintenanceReport.NOTHING;
    }
    HistoryCarry.carry(table);
    AtomicInteger deleted = new AtomicInteger();
    expiry(table, cutoff.getAsLong())
        .deleteWith(location -> {
          table.io().deleteFile(location);
          deleted.incrementAndGet();
        })
        .commit();
    table.refresh();
    Set<Long> before = ids(metadata.snapshots());
    before.removeAll(ids(table.snapshots()));
    LOG.debug(
        "Expired {} snapshots of {} committed before {} and deleted {} files only they used",
        before.size(),
        table.name(),
        Instant.ofEpochMilli(cutoff.getAsLong()),
        deleted.get());
    return new MaintenanceReport(before.size(), deleted.get(), 0, 0);
  }

  /** Gives a table Mink created the housekeeping properties it lacks, in one commit. */
  static void completeProperties(Table table) {
    if (MaintenancePolicy.attached(table.properties())) {
      return;
    }
    Map<String, String> missing = new LinkedHashMap<>(MinkTableLayout.housekeepingProperties());
    missing.keySet().removeAll(table.properties().keySet());
    if (missing.isEmpty()) {
      return;
    }
    UpdateProperties update = table.updateProperties();
    missing.forEach(update::set);
    update.commit();
    LOG.info("Set {} on {}, which Mink created before it set them", missing, table.name());
  }

  private static ExpireSnapshots expiry(Table table, long cutoffMillis) {
    return table.expireSnapshots().expireOlderThan(cutoffMillis);
  }

  private static Set<Long> ids(Iterable<Snapshot> snapshots) {
    Set<Long> ids = new HashSet<>();
    snapshots.forEach(snapshot -> ids.add(snapshot.snapshotId()));
    return ids;
  }

  private boolean orphanScanDue(String table, Instant now) {
    Instant next = nextOrphanScan.computeIfAbsent(
        table,
        name -> now.plusMillis(
            ThreadLocalRandom.current().nextLong(Math.max(1, orphanScanInterval.toMillis()))));
    if (now.isBefore(next)) {
      return false;
    }
    nextOrphanScan.put(table, now.plus(orphanScanInterval));
    return true;
  }

  private static MaintenanceReport step(
      Table table, String what, Supplier<MaintenanceReport> step) {
    try {
      return step.get();
    } catch (RuntimeException e) {
      LOG.warn(
          "Maintenance of {} cannot {} ({}); the round is committed, and maintenance after a later round "
              + "tries again",
          table.name(),
          what,
          e.getMessage(),
          e);
      return new MaintenanceReport(0, 0, 0, 1);
    }
  }
}
