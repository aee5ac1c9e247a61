package io.mink.indexer.stats;

import static io.mink.indexer.stats.MetricFamilies.gauge;
import static io.mink.indexer.stats.MetricFamilies.seconds;

import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.time.Duration;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/** The metric families of each owned table and its last round on this instance, for {@link MetricFamilies}. */
final class TableMetricFamilies {
  private TableMetricFamilies() {}

  /**
   * Each owned table: its topic and owner, schedule state, whether it is stopped, freshness, epoch, times, registry
   * wait and gaps.
   */
  static List<MetricSnapshot> states(List<TableStatus> tables) {
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
            "mink_table_stopped",
            "1 when the table's last round failed in a way retrying cannot help and no round runs until mink table "
                + "resume, else 0",
            always(t -> t.stopped() ? 1 : 0)),
        perTable(
            tables,
            "mink_table_freshness_seconds",
            "The table's freshness: the interval between its rounds, and how far behind its topic it may fall",
            t -> seconds(t.freshness())),
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
            "When the table's next round is due, in Unix seconds; absent while it tiers or is stopped",
            t -> seconds(t.nextDue())),
        perTable(
            tables,
            "mink_table_status_updated_timestamp_seconds",
            "When the scheduler last updated the table's status, in Unix seconds",
            t -> seconds(t.updatedAt())),
        perTable(
            tables,
            "mink_table_registry_wait_seconds",
            "How long the table's rounds have waited for its schema registry; 0 when they wait for none",
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

  /** Each owned table's last round on this instance. */
  static List<MetricSnapshot> lastRounds(List<TableStatus> tables) {
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

  private static Function<TableStatus, OptionalDouble> always(ToDoubleFunction<TableStatus> value) {
    return table -> OptionalDouble.of(value.applyAsDouble(table));
  }

  private static Function<TableStatus, OptionalDouble> lastRound(
      Function<RoundSummary, OptionalDouble> value) {
    return table ->
        table.lastRound() == null ? OptionalDouble.empty() : value.apply(table.lastRound());
  }
}
