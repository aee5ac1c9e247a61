package io.mink.indexer.stats;

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
            tableStates(tables),
            partitions(snapshot, tables),
            lastRounds(tables),
            counters(snapshot.counts()),
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

  /** Each owned table: its topic and owner, schedule state, epoch, times, registry wait and gaps. */
  private static List<MetricSnapshot> tableStates(List<TableStatus> tables) {
    return List.of(
        gauge(
            "mink_table_info",
            "1 for each owned table, with its topic and owner",
            List.of("table", "topic", "owner"),
            samples -> tables.forEach(t -> samples.call(1, t.table(), t.topic(), t.owner()))),
        gauge(
            "mink_table_state",
            "The table's state in the tiering schedule: 1 for the current state, 0 for the others",
            List.of("table", "state"),
            samples -> {
              for (TableStatus table : tables) {
                for (TableState state : TableState.values()) {
                  samples.call(
                      table.state() == state ? 1 : 0, table.table(), StatusCodec.state(state));
                }
              }
            }),
        perTable(
            tables,
            "mink_table_epoch",
            "The epoch of the table's current or last round",
            always(TableStatus::epoch)),
        perTable(
            tables,
            "mink_table_last_tiered_timestamp_seconds",
            "When the table's newest Mink snapshot was committed, in Unix seconds",
            t -> seconds(t.lastTiered())),
        perTable(
            tables,
            "mink_table_next_due_timestamp_seconds",
            "When the table's next round is due, in Unix seconds; absent while it tiers or a gap stops it",
            t -> seconds(t.nextDue())),
        perTable(
            tables,
            "mink_table_status_updated_timestamp_seconds",
            "When the scheduler last updated the table's status, in Unix seconds",
            t -> seconds(t.updatedAt())),
        perTable(
            tables,
            "mink_table_registry_wait_seconds",
            "How long the table's running round has waited for its schema registry; 0 when it waits for none",
            always(t -> t.registryWait() == null
                ? 0
                : Math.max(
                    0, Duration.between(t.registryWait().since(), t.updatedAt()).toSeconds()))),
        perTable(
            tables,
            "mink_table_gap_offsets",
            "Offsets Kafka deleted before they were indexed, which stop the table until mink table resume --accept-gap",
            always(
                t -> t.gaps().stream().mapToLong(gap -> gap.to() - gap.from()).sum())));
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

  /** Each owned table's last round on this instance. */
  private static List<MetricSnapshot> lastRounds(List<TableStatus> tables) {
    return List.of(
        perTable(
            tables,
            "mink_last_round_finished_timestamp_seconds",
            "When the table's last round on this instance ended, in Unix seconds",
            lastRound(round -> seconds(round.finishedAt()))),
        perTable(
            tables,
            "mink_last_round_rows",
            "Rows the table's last round wrote",
            lastRound(round -> OptionalDouble.of((double) round.rows()))),
        perTable(
            tables,
            "mink_last_round_bytes",
            "Bytes of data files the table's last round wrote",
            lastRound(round -> OptionalDouble.of((double) round.bytes()))),
        perTable(
            tables,
            "mink_last_round_files",
            "Data files the table's last round wrote",
            lastRound(round -> OptionalDouble.of(round.files()))),
        perTable(
            tables,
            "mink_last_round_duration_seconds",
            "How long the table's last round took",
            lastRound(round -> seconds(round.duration()))));
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

  /** One gauge per table; a table whose value is empty has no sample. */
  private static MetricSnapshot perTable(
      List<TableStatus> tables,
      String name,
      String help,
      Function<TableStatus, OptionalDouble> value) {
    return gauge(
        name,
        help,
        List.of("table"),
        samples -> tables.forEach(
            table -> value.apply(table).ifPresent(v -> samples.call(v, table.table()))));
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

  private static MetricSnapshot perTableCounter(
      Map<String, RoundCounters.Counts> counts,
      String name,
      String help,
      ToDoubleFunction<RoundCounters.Counts> value) {
    return counter(
        name,
        help,
        List.of("table"),
        samples ->
            counts.forEach((table, count) -> samples.call(value.applyAsDouble(count), table)));
  }

  private static MetricSnapshot gauge(
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

  private static Function<TableStatus, OptionalDouble> always(ToDoubleFunction<TableStatus> value) {
    return table -> OptionalDouble.of(value.applyAsDouble(table));
  }

  private static Function<TableStatus, OptionalDouble> lastRound(
      Function<RoundSummary, OptionalDouble> value) {
    return table ->
        table.lastRound() == null ? OptionalDouble.empty() : value.apply(table.lastRound());
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
