package io.mink.lake.maintenance;

import static java.util.Objects.requireNonNull;

import io.mink.lake.MinkTableLayout;
import io.mink.lake.SnapshotRetention;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.util.PropertyUtil;

/**
 * What a table's maintenance may remove, as its properties say.
 *
 * @param gcEnabled Iceberg's gc.enabled: false when the table's files may be shared with other
 *     tables, and then nothing is removed
 * @param retention a snapshot stays until the snapshot after it is this old
 *     (history.expire.max-snapshot-age-ms)
 * @param minSnapshots the newest this many snapshots always stay (history.expire.min-snapshots-to-keep)
 * @param orphanAge files no snapshot references are deleted once they are this old; empty when the
 *     table's unreferenced files are left alone
 */
public record MaintenancePolicy(
    boolean gcEnabled, Duration retention, int minSnapshots, Optional<Duration> orphanAge) {
  /**
   * The least age of a file before it counts as an orphan: Iceberg's remove_orphan_files default,
   * so Mink never removes a file another writer (a compaction job, say) still means to commit.
   */
  public static final Duration ORPHAN_MIN_AGE = Duration.ofDays(3);

  public MaintenancePolicy {
    requireNonNull(retention, "retention is null");
    requireNonNull(orphanAge, "orphanAge is null");
  }

  /**
   * The policy of a table from its properties. A table Mink created keeps snapshots for
   * history.expire.max-snapshot-age-ms, else {@link SnapshotRetention#DEFAULT}, and loses its
   * orphan files after {@link #ORPHAN_MIN_AGE}, or twice the freshness when that is longer (a
   * round runs at most about one freshness). An attached table (mink.attach) keeps Iceberg's
   * default age when it sets none, and its unreferenced files are left alone: it may have other
   * writers.
   */
  public static MaintenancePolicy of(Map<String, String> properties, Duration freshness) {
    boolean attached = attached(properties);
    boolean gcEnabled = PropertyUtil.propertyAsBoolean(
        properties, TableProperties.GC_ENABLED, TableProperties.GC_ENABLED_DEFAULT);
    long defaultAgeMs = attached
        ? TableProperties.MAX_SNAPSHOT_AGE_MS_DEFAULT
        : SnapshotRetention.DEFAULT.toMillis();
    Duration retention = Duration.ofMillis(
        PropertyUtil.propertyAsLong(properties, TableProperties.MAX_SNAPSHOT_AGE_MS, defaultAgeMs));
    int minSnapshots = PropertyUtil.propertyAsInt(
        properties,
        TableProperties.MIN_SNAPSHOTS_TO_KEEP,
        TableProperties.MIN_SNAPSHOTS_TO_KEEP_DEFAULT);
    Duration twiceFreshness = freshness.multipliedBy(2);
    Optional<Duration> orphanAge = gcEnabled && !attached
        ? Optional.of(
            twiceFreshness.compareTo(ORPHAN_MIN_AGE) > 0 ? twiceFreshness : ORPHAN_MIN_AGE)
        : Optional.empty();
    return new MaintenancePolicy(gcEnabled, retention, minSnapshots, orphanAge);
  }

  /** Whether the table was attached rather than created by Mink: its property mink.attach. */
  static boolean attached(Map<String, String> properties) {
    return "true"
        .equals(properties.get(MinkTableLayout.OPTION_PREFIX + MinkTableLayout.ATTACH_OPTION));
  }
}
