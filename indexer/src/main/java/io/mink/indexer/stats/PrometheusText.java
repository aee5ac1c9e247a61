package io.mink.indexer.stats;

import io.mink.tables.LifecycleState;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A {@link MetricsSnapshot} in Prometheus' text exposition format 0.0.4: every family with its HELP and TYPE, tables
 * by name, partitions by number. Timestamps are Unix seconds and durations seconds, with millisecond precision.
 * The metrics are described in docs/monitoring.md.
 */
public final class PrometheusText {
  public static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private PrometheusText() {}

  public static String render(MetricsSnapshot snapshot) {
    List<TableStatus> tables = snapshot.tables().stream().sorted(Comparator.comparing(TableStatus::table)).toList();
    Map<String, RoundCounters.Counts> counts = new TreeMap<>(snapshot.counts());
    Text out = new Text();
    instance(out, snapshot, tables);
    tableStates(out, tables);
    partitions(out, tables, snapshot);
    lastRounds(out, tables);
    counters(out, counts);
    jvm(out, snapshot);
    return out.toString();
  }

  /** The instance: readiness, the tables it owns and the added tables by state. */
  private static void instance(Text out, MetricsSnapshot snapshot, List<TableStatus> tables) {
    out.family("mink_ready", "gauge", "1 when this instance is ready to tier (GET /ready answers 200), else 0");
    out.sample("mink_ready", "", snapshot.ready() ? 1 : 0);
    out.family("mink_owned_tables", "gauge", "Tables this instance owns");
    out.sample("mink_owned_tables", "", tables.size());
    out.family("mink_tables", "gauge",
        "Added tables in each state (indexing, missing, replaced, removing), owned or not, as of the tables topic");
    for (LifecycleState state : LifecycleState.values()) {
      out.sample("mink_tables", labels("state", state.label()), snapshot.tablesByState().getOrDefault(state, 0));
    }
  }

  /** Each owned table: its topic and owner, schedule state, epoch, times, registry wait and gaps. */
  private static void tableStates(Text out, List<TableStatus> tables) {
    out.family("mink_table_info", "gauge", "1 for each owned table, with its topic and owner");
    tables.forEach(t -> out.sample("mink_table_info",
        labels("table", t.table(), "topic", t.topic(), "owner", t.owner()), 1));
    out.family("mink_table_state", "gauge",
        "The table's state in the tiering schedule: 1 for the current state, 0 for the others");
    for (TableStatus table : tables) {
      for (TableState state : TableState.values()) {
        out.sample("mink_table_state", labels("table", table.table(), "state", StatusCodec.state(state)),
            table.state() == state ? 1 : 0);
      }
    }
    perTable(out, tables, "mink_table_epoch", "The epoch of the table's current or last round",
        t -> Long.toString(t.epoch()));
    perTable(out, tables, "mink_table_last_tiered_timestamp_seconds",
        "When the table's newest Mink snapshot was committed, in Unix seconds",
        t -> seconds(t.lastTiered()));
    perTable(out, tables, "mink_table_next_due_timestamp_seconds",
        "When the table's next round is due, in Unix seconds; absent while it tiers or a gap stops it",
        t -> seconds(t.nextDue()));
    perTable(out, tables, "mink_table_status_updated_timestamp_seconds",
        "When the scheduler last updated the table's status, in Unix seconds",
        t -> seconds(t.updatedAt()));
    perTable(out, tables, "mink_table_registry_wait_seconds",
        "How long the table's running round has waited for its schema registry; 0 when it waits for none",
        t -> t.registryWait() == null ? "0"
            : Long.toString(Math.max(0, Duration.between(t.registryWait().since(), t.updatedAt()).toSeconds())));
    perTable(out, tables, "mink_table_gap_offsets",
        "Offsets Kafka deleted before they were indexed, which stop the table until mink table resume --accept-gap",
        t -> Long.toString(t.gaps().stream().mapToLong(gap -> gap.to() - gap.from()).sum()));
  }

  /** Each owned table's partitions: offsets and lag. */
  private static void partitions(Text out, List<TableStatus> tables, MetricsSnapshot snapshot) {
    perPartition(out, tables, snapshot, "mink_partition_lake_offset", "The next offset of the partition to index",
        lag -> Long.toString(lag.lakeOffset()));
    perPartition(out, tables, snapshot, "mink_partition_end_offset",
        "The partition's end offset (last stable offset) when last measured", lag -> Long.toString(lag.endOffset()));
    perPartition(out, tables, snapshot, "mink_partition_offset_lag",
        "Records of the partition not in the lake yet", lag -> Long.toString(lag.offsetLag()));
    perPartition(out, tables, snapshot, "mink_partition_time_lag_seconds",
        "Age of the partition's oldest record not in the lake yet, 0 when none waits; absent when unknown",
        lag -> seconds(lag.timeLag()));
  }

  /** Each owned table's last round on this instance. */
  private static void lastRounds(Text out, List<TableStatus> tables) {
    perTable(out, tables, "mink_last_round_finished_timestamp_seconds",
        "When the table's last round on this instance ended, in Unix seconds",
        lastRound(round -> seconds(round.finishedAt())));
    perTable(out, tables, "mink_last_round_rows", "Rows the table's last round wrote",
        lastRound(round -> Long.toString(round.rows())));
    perTable(out, tables, "mink_last_round_bytes", "Bytes of data files the table's last round wrote",
        lastRound(round -> Long.toString(round.bytes())));
    perTable(out, tables, "mink_last_round_files", "Data files the table's last round wrote",
        lastRound(round -> Integer.toString(round.files())));
    perTable(out, tables, "mink_last_round_duration_seconds", "How long the table's last round took",
        lastRound(round -> seconds(round.duration())));
  }

  /** What this instance wrote to each table since it started. */
  private static void counters(Text out, Map<String, RoundCounters.Counts> counts) {
    counter(out, counts, "mink_rounds_committed_total", "Rounds of the table this instance committed",
        RoundCounters.Counts::committed);
    counter(out, counts, "mink_rounds_failed_total", "Rounds of the table that failed on this instance",
        RoundCounters.Counts::failed);
    counter(out, counts, "mink_tiered_rows_total", "Rows this instance wrote to the table", RoundCounters.Counts::rows);
    counter(out, counts, "mink_tiered_bytes_total", "Bytes of data files this instance wrote to the table",
        RoundCounters.Counts::bytes);
    out.family("mink_raw_parts_total", "counter",
        "Keys and values this instance left raw, by part (key or value) and reason (docs/decoding.md)");
    counts.forEach((table, count) -> new TreeMap<>(count.rawParts()).forEach((partAndReason, value) -> {
      int dot = partAndReason.indexOf('.');
      String part = dot < 0 ? partAndReason : partAndReason.substring(0, dot);
      String reason = dot < 0 ? "" : partAndReason.substring(dot + 1);
      out.sample("mink_raw_parts_total", labels("table", table, "part", part, "reason", reason), value);
    }));
  }

  /** The JVM's heap. */
  private static void jvm(Text out, MetricsSnapshot snapshot) {
    out.family("mink_jvm_heap_used_bytes", "gauge", "Heap the JVM uses");
    out.sample("mink_jvm_heap_used_bytes", "", snapshot.heapUsedBytes());
    out.family("mink_jvm_heap_max_bytes", "gauge", "The largest heap the JVM may use; absent when it has no limit");
    if (snapshot.heapMaxBytes() >= 0) {
      out.sample("mink_jvm_heap_max_bytes", "", snapshot.heapMaxBytes());
    }
  }

  /** Samples of one gauge per table; a table whose value is null has none. */
  private static void perTable(Text out, List<TableStatus> tables, String name, String help,
      Function<TableStatus, String> value) {
    out.family(name, "gauge", help);
    for (TableStatus table : tables) {
      String text = value.apply(table);
      if (text != null) {
        out.sample(name, labels("table", table.table()), text);
      }
    }
  }

  private static Function<TableStatus, String> lastRound(Function<RoundSummary, String> value) {
    return table -> table.lastRound() == null ? null : value.apply(table.lastRound());
  }

  private static void perPartition(Text out, List<TableStatus> tables, MetricsSnapshot snapshot, String name,
      String help, Function<PartitionLag, String> value) {
    out.family(name, "gauge", help);
    for (TableStatus table : tables) {
      List<PartitionLag> partitions = snapshot.partitions().getOrDefault(table.table(), table.partitions());
      partitions.stream().sorted(Comparator.comparingInt(PartitionLag::partition)).forEach(lag -> {
        String text = value.apply(lag);
        if (text != null) {
          out.sample(name, labels("table", table.table(), "partition", Integer.toString(lag.partition())), text);
        }
      });
    }
  }

  private static void counter(Text out, Map<String, RoundCounters.Counts> counts, String name, String help,
      ToLongFunction<RoundCounters.Counts> value) {
    out.family(name, "counter", help);
    counts.forEach((table, count) -> out.sample(name, labels("table", table), value.applyAsLong(count)));
  }

  /** Seconds with millisecond precision and no trailing zeros, such as 1700000000.5; null for null. */
  static String seconds(Instant instant) {
    return instant == null ? null : BigDecimal.valueOf(instant.toEpochMilli(), 3).stripTrailingZeros().toPlainString();
  }

  static String seconds(Duration duration) {
    return duration == null ? null : BigDecimal.valueOf(duration.toMillis(), 3).stripTrailingZeros().toPlainString();
  }

  /** {name="value",...} with the values escaped as the format asks: backslash, double quote and newline. */
  static String labels(String... namesAndValues) {
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < namesAndValues.length; i += 2) {
      out.append(i == 0 ? "" : ",").append(namesAndValues[i]).append("=\"")
          .append(namesAndValues[i + 1].replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"))
          .append('"');
    }
    return out.append('}').toString();
  }

  private static final class Text {
    private final StringBuilder out = new StringBuilder();

    void family(String name, String type, String help) {
      out.append("# HELP ").append(name).append(' ').append(help.replace("\\", "\\\\").replace("\n", "\\n"))
          .append('\n');
      out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    void sample(String name, String labels, long value) {
      sample(name, labels, Long.toString(value));
    }

    void sample(String name, String labels, String value) {
      out.append(name).append(labels).append(' ').append(value).append('\n');
    }

    @Override
    public String toString() {
      return out.toString();
    }
  }
}
