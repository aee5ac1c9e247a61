package io.mink.indexer.stats;

import io.mink.lake.maintenance.MaintenanceReport;
import io.mink.tables.LifecycleState;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * The metric families of one {@link MetricsSnapshot}, as the Prometheus Java client's callback gauges and counters
 * collect them: the instance, each owned table, its partitions and last round, what this instance wrote, and the
 * JVM's heap. Timestamps are Unix seconds and durations seconds, with millisecond precision. The metrics are
 * described in docs/monitoring.md.
 */
final class MetricFamilies {
  private MetricFamilies() {}

  static MetricSnapshots of(MetricsSnapshot snapshot) {
    List<TableStatus> tables = snapshot.tables().stream()
        .sorted(Comparator.comparing(TableStatus::table))
        .toList();
    return new MetricSnapshots(Stream.of(
            instance(snapshot, tables),
            TableMetricFamilies.states(tables),
            partitions(snapshot, tables),
            TableMetricFamilies.lastRounds(tables),
            counters(snapshot.counts()),
            maintenance(snapshot.maintenance()),
            jvm(snapshot))
        .flatMap(List::stream)
        .toList());
  }

  /** The instance: readiness, the tables it owns and the added tables by state. */
  private static List<MetricSnapshot> instance(MetricsSnapshot snapshot, List<TableStatus> tables) {
    return List.of(
        gauge(
            "mink_ready",
            "1 when this instance is ready to tier (GET /ready answers 200), else 0",
            List.of(),
            samples -> samples.call(snapshot.ready() ? 1 : 0)),
        gauge(
            "mink_owned_tables",
            "Tables this instance owns",
            List.of(),
            samples -> samples.call(tables.size())),
        gauge(
            "mink_tables",
            "Added tables in each state (indexing, missing, replaced, removing), owned or not, as of the tables topic",
            List.of("state"),
            samples -> {
              for (LifecycleState state : LifecycleState.values()) {
                samples.call(snapshot.tablesByState().getOrDefault(state, 0), state.label());
              }
            }));
  }

  /** Each owned table's partitions: offsets and lag. */
  private static List<MetricSnapshot> partitions(
      MetricsSnapshot snapshot, List<TableStatus> tables) {
    return List.of(
        perPartition(
            snapshot,
            tables,
            "mink_partition_lake_offset",
            "The next offset of the partition to index",
            lag -> OptionalDouble.of((double) lag.lakeOffset())),
        perPartition(
            snapshot,
            tables,
            "mink_partition_end_offset",
            "The partition's end offset (last stable offset) when last measured",
            lag -> OptionalDouble.of((double) lag.endOffset())),
        perPartition(
            snapshot,
            tables,
            "mink_partition_offset_lag",
            "Records of the partition not in the lake yet",
            lag -> OptionalDouble.of((double) lag.offsetLag())),
        perPartition(
            snapshot,
            tables,
            "mink_partition_time_lag_seconds",
            "Age of the partition's oldest record not in the lake yet, 0 when none waits; absent when unknown",
            lag -> seconds(lag.timeLag())));
  }

  /** What this instance wrote to each table since it started. */
  private static List<MetricSnapshot> counters(Map<String, RoundCounters.Counts> counts) {
    return List.of(
        perTableCounter(
            counts,
            "mink_rounds_committed_total",
            "Rounds of the table this instance committed",
            RoundCounters.Counts::committed),
        perTableCounter(
            counts,
            "mink_rounds_failed_total",
            "Rounds of the table that failed on this instance",
            RoundCounters.Counts::failed),
        perTableCounter(
            counts,
            "mink_records_total",
            "Kafka records of the table this instance's rounds indexed; an upsert table writes fewer rows",
            RoundCounters.Counts::records),
        perTableCounter(
            counts,
            "mink_tiered_rows_total",
            "Rows this instance wrote to the table",
            RoundCounters.Counts::rows),
        perTableCounter(
            counts,
            "mink_tiered_bytes_total",
            "Bytes of data files this instance wrote to the table",
            RoundCounters.Counts::bytes),
        counter(
            "mink_raw_parts_total",
            "Keys and values this instance left raw, by part (key or value) and reason (docs/decoding.md)",
            List.of("table", "part", "reason"),
            samples -> counts.forEach((table, count) -> count
                .rawParts()
                .forEach((partAndReason, value) -> {
                  int dot = partAndReason.indexOf('.');
                  String part = dot < 0 ? partAndReason : partAndReason.substring(0, dot);
                  String reason = dot < 0 ? "" : partAndReason.substring(dot + 1);
                  samples.call(value, table, part, reason);
                }))));
  }

  /** What the maintenance after each table's rounds on this instance did (docs/operations.md). */
  private static List<MetricSnapshot> maintenance(Map<String, MaintenanceReport> reports) {
    return List.of(
        perTableCounter(
            reports,
            "mink_expired_snapshots_total",
            "Snapshots of the table that maintenance on this instance expired",
            MaintenanceReport::expiredSnapshots),
        counter(
            "mink_deleted_files_total",
            "Files of the table that maintenance on this instance deleted, by reason: expired (used only by "
                + "expired snapshots) or orphan (referenced by nothing, such as a crashed round's)",
            List.of("table", "reason"),
            samples -> reports.forEach((table, report) -> {
              samples.call(report.deletedFiles(), table, "expired");
              samples.call(report.orphanFiles(), table, "orphan");
            })),
        perTableCounter(
            reports,
            "mink_maintenance_failures_total",
            "Maintenance steps on the table that failed on this instance; the rounds committed, and a later "
                + "round's maintenance tries again",
            MaintenanceReport::failures));
  }

  /** The JVM's heap. */
  private static List<MetricSnapshot> jvm(MetricsSnapshot snapshot) {
    return List.of(
        gauge(
            "mink_jvm_heap_used_bytes",
            "Heap the JVM uses",
            List.of(),
            samples -> samples.call((double) snapshot.heapUsedBytes())),
        gauge(
            "mink_jvm_heap_max_bytes",
            "The largest heap the JVM may use; absent when it has no limit",
            List.of(),
            samples -> {
              if (snapshot.heapMaxBytes() >= 0) {
                samples.call((double) snapshot.heapMaxBytes());
              }
            }));
  }

  private static MetricSnapshot perPartition(
      MetricsSnapshot snapshot,
      List<TableStatus> tables,
      String name,
      String help,
      Function<PartitionLag, OptionalDouble> value) {
    return gauge(name, help, List.of("table", "partition"), samples -> {
      for (TableStatus table : tables) {
        for (PartitionLag lag :
            snapshot.partitions().getOrDefault(table.table(), table.partitions())) {
          value
              .apply(lag)
              .ifPresent(v -> samples.call(v, table.table(), Integer.toString(lag.partition())));
        }
      }
    });
  }

  private static <T> MetricSnapshot perTableCounter(
      Map<String, T> counts, String name, String help, ToDoubleFunction<T> value) {
    return counter(
        name,
        help,
        List.of("table"),
        samples ->
            counts.forEach((table, count) -> samples.call(value.applyAsDouble(count), table)));
  }

  static MetricSnapshot gauge(
      String name, String help, List<String> labels, Consumer<GaugeWithCallback.Callback> samples) {
    return GaugeWithCallback.builder()
        .name(name)
        .help(help)
        .labelNames(labels.toArray(String[]::new))
        .callback(samples)
        .build()
        .collect();
  }

  private static MetricSnapshot counter(
      String name,
      String help,
      List<String> labels,
      Consumer<CounterWithCallback.Callback> samples) {
    return CounterWithCallback.builder()
        .name(name)
        .help(help)
        .labelNames(labels.toArray(String[]::new))
        .callback(samples)
        .build()
        .collect();
  }

  /** Unix seconds with millisecond precision; empty for null. */
  static OptionalDouble seconds(Instant instant) {
    return instant == null
        ? OptionalDouble.empty()
        : OptionalDouble.of(instant.toEpochMilli() / 1000.0);
  }

  static OptionalDouble seconds(Duration duration) {
    return duration == null
        ? OptionalDouble.empty()
        : OptionalDouble.of(duration.toMillis() / 1000.0);
  }
}
