package io.mink.indexer.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {
  @Test
  void boardOfTwoTablesRendersEveryFamilySortedByName() {
    MetricsSnapshot snapshot = StatusFixtures.boardOfTwoTables();

    assertThat(PrometheusText.render(snapshot)).isEqualTo("""
        # HELP mink_deleted_files_total Files of the table that maintenance on this instance deleted, by reason: expired (used only by expired snapshots) or orphan (referenced by nothing, such as a crashed round's)
        # TYPE mink_deleted_files_total counter
        mink_deleted_files_total{reason="expired",table="kafka.orders"} 12.0
        mink_deleted_files_total{reason="orphan",table="kafka.orders"} 2.0
        # HELP mink_expired_snapshots_total Snapshots of the table that maintenance on this instance expired
        # TYPE mink_expired_snapshots_total counter
        mink_expired_snapshots_total{table="kafka.orders"} 40.0
        # HELP mink_jvm_heap_max_bytes The largest heap the JVM may use; absent when it has no limit
        # TYPE mink_jvm_heap_max_bytes gauge
        mink_jvm_heap_max_bytes 1.073741824E9
        # HELP mink_jvm_heap_used_bytes Heap the JVM uses
        # TYPE mink_jvm_heap_used_bytes gauge
        mink_jvm_heap_used_bytes 1.048576E8
        # HELP mink_last_round_bytes Bytes of data files the table's last round wrote
        # TYPE mink_last_round_bytes gauge
        mink_last_round_bytes{table="kafka.orders"} 2202009.0
        # HELP mink_last_round_duration_seconds How long the table's last round took
        # TYPE mink_last_round_duration_seconds gauge
        mink_last_round_duration_seconds{table="kafka.orders"} 1.2
        # HELP mink_last_round_files Data files the table's last round wrote
        # TYPE mink_last_round_files gauge
        mink_last_round_files{table="kafka.orders"} 2.0
        # HELP mink_last_round_finished_timestamp_seconds When the table's last round on this instance ended, in Unix seconds
        # TYPE mink_last_round_finished_timestamp_seconds gauge
        mink_last_round_finished_timestamp_seconds{table="kafka.orders"} 1.767268788E9
        # HELP mink_last_round_rows Rows the table's last round wrote
        # TYPE mink_last_round_rows gauge
        mink_last_round_rows{table="kafka.orders"} 1000.0
        # HELP mink_maintenance_failures_total Maintenance steps on the table that failed on this instance; the rounds committed, and a later round's maintenance tries again
        # TYPE mink_maintenance_failures_total counter
        mink_maintenance_failures_total{table="kafka.orders"} 1.0
        # HELP mink_owned_tables Tables this instance owns
        # TYPE mink_owned_tables gauge
        mink_owned_tables 2.0
        # HELP mink_partition_end_offset The partition's end offset (last stable offset) when last measured
        # TYPE mink_partition_end_offset gauge
        mink_partition_end_offset{partition="0",table="kafka.events"} 500.0
        mink_partition_end_offset{partition="0",table="kafka.orders"} 1350.0
        mink_partition_end_offset{partition="1",table="kafka.orders"} 800.0
        # HELP mink_partition_lake_offset The next offset of the partition to index
        # TYPE mink_partition_lake_offset gauge
        mink_partition_lake_offset{partition="0",table="kafka.events"} 0.0
        mink_partition_lake_offset{partition="0",table="kafka.orders"} 1200.0
        mink_partition_lake_offset{partition="1",table="kafka.orders"} 800.0
        # HELP mink_partition_offset_lag Records of the partition not in the lake yet
        # TYPE mink_partition_offset_lag gauge
        mink_partition_offset_lag{partition="0",table="kafka.events"} 500.0
        mink_partition_offset_lag{partition="0",table="kafka.orders"} 150.0
        mink_partition_offset_lag{partition="1",table="kafka.orders"} 0.0
        # HELP mink_partition_time_lag_seconds Age of the partition's oldest record not in the lake yet, 0 when none waits; absent when unknown
        # TYPE mink_partition_time_lag_seconds gauge
        mink_partition_time_lag_seconds{partition="0",table="kafka.orders"} 9.0
        mink_partition_time_lag_seconds{partition="1",table="kafka.orders"} 0.0
        # HELP mink_raw_parts_total Keys and values this instance left raw, by part (key or value) and reason (docs/decoding.md)
        # TYPE mink_raw_parts_total counter
        mink_raw_parts_total{part="key",reason="no-schema-id",table="kafka.orders"} 3.0
        mink_raw_parts_total{part="value",reason="undecodable-bytes",table="kafka.orders"} 12.0
        # HELP mink_ready 1 when this instance is ready to tier (GET /ready answers 200), else 0
        # TYPE mink_ready gauge
        mink_ready 1.0
        # HELP mink_records_total Kafka records of the table this instance's rounds indexed; an upsert table writes fewer rows
        # TYPE mink_records_total counter
        mink_records_total{table="kafka.orders"} 4300.0
        # HELP mink_rounds_committed_total Rounds of the table this instance committed
        # TYPE mink_rounds_committed_total counter
        mink_rounds_committed_total{table="kafka.orders"} 5.0
        # HELP mink_rounds_failed_total Rounds of the table that failed on this instance
        # TYPE mink_rounds_failed_total counter
        mink_rounds_failed_total{table="kafka.orders"} 1.0
        # HELP mink_table_epoch The epoch of the table's current or last round
        # TYPE mink_table_epoch gauge
        mink_table_epoch{table="kafka.events"} 1.7179869184E10
        mink_table_epoch{table="kafka.orders"} 1.2884901895E10
        # HELP mink_table_freshness_seconds The table's freshness: the interval between its rounds, and how far behind its topic it may fall
        # TYPE mink_table_freshness_seconds gauge
        mink_table_freshness_seconds{table="kafka.orders"} 180.0
        # HELP mink_table_gap_offsets Offsets Kafka deleted before they were indexed, which stop the table until mink table resume --accept-gap
        # TYPE mink_table_gap_offsets gauge
        mink_table_gap_offsets{table="kafka.events"} 200.0
        mink_table_gap_offsets{table="kafka.orders"} 0.0
        # HELP mink_table_info 1 for each owned table, with its topic and owner
        # TYPE mink_table_info gauge
        mink_table_info{owner="host-a:4242:ab12cd",table="kafka.events",topic="events"} 1.0
        mink_table_info{owner="host-a:4242:ab12cd",table="kafka.orders",topic="orders"} 1.0
        # HELP mink_table_last_tiered_timestamp_seconds When the table's newest Mink snapshot was committed, in Unix seconds
        # TYPE mink_table_last_tiered_timestamp_seconds gauge
        mink_table_last_tiered_timestamp_seconds{table="kafka.orders"} 1.767268788E9
        # HELP mink_table_next_due_timestamp_seconds When the table's next round is due, in Unix seconds; absent while it tiers or is stopped
        # TYPE mink_table_next_due_timestamp_seconds gauge
        mink_table_next_due_timestamp_seconds{table="kafka.orders"} 1.76726892E9
        # HELP mink_table_registry_wait_seconds How long the table's rounds have waited for its schema registry; 0 when they wait for none
        # TYPE mink_table_registry_wait_seconds gauge
        mink_table_registry_wait_seconds{table="kafka.events"} 0.0
        mink_table_registry_wait_seconds{table="kafka.orders"} 0.0
        # HELP mink_table_state The table's state in the tiering schedule: 1 for the current state, 0 for the others
        # TYPE mink_table_state gauge
        mink_table_state{state="failed",table="kafka.events"} 1.0
        mink_table_state{state="failed",table="kafka.orders"} 0.0
        mink_table_state{state="pending",table="kafka.events"} 0.0
        mink_table_state{state="pending",table="kafka.orders"} 0.0
        mink_table_state{state="scheduled",table="kafka.events"} 0.0
        mink_table_state{state="scheduled",table="kafka.orders"} 0.0
        mink_table_state{state="tiered",table="kafka.events"} 0.0
        mink_table_state{state="tiered",table="kafka.orders"} 1.0
        mink_table_state{state="tiering",table="kafka.events"} 0.0
        mink_table_state{state="tiering",table="kafka.orders"} 0.0
        # HELP mink_table_status_updated_timestamp_seconds When the scheduler last updated the table's status, in Unix seconds
        # TYPE mink_table_status_updated_timestamp_seconds gauge
        mink_table_status_updated_timestamp_seconds{table="kafka.events"} 1.767268797E9
        mink_table_status_updated_timestamp_seconds{table="kafka.orders"} 1.767268788E9
        # HELP mink_table_stopped 1 when the table's last round failed in a way retrying cannot help and no round runs until mink table resume, else 0
        # TYPE mink_table_stopped gauge
        mink_table_stopped{table="kafka.events"} 1.0
        mink_table_stopped{table="kafka.orders"} 0.0
        # HELP mink_tables Added tables in each state (indexing, missing, replaced, removing), owned or not, as of the tables topic
        # TYPE mink_tables gauge
        mink_tables{state="indexing"} 2.0
        mink_tables{state="missing"} 1.0
        mink_tables{state="removing"} 0.0
        mink_tables{state="replaced"} 1.0
        # HELP mink_tiered_bytes_total Bytes of data files this instance wrote to the table
        # TYPE mink_tiered_bytes_total counter
        mink_tiered_bytes_total{table="kafka.orders"} 9000000.0
        # HELP mink_tiered_rows_total Rows this instance wrote to the table
        # TYPE mink_tiered_rows_total counter
        mink_tiered_rows_total{table="kafka.orders"} 4200.0
        """);
  }

  @Test
  void emptyBoardShowsTheInstanceAndLeavesOutFamiliesWithoutSamples() {
    String text =
        PrometheusText.render(new MetricsSnapshot(List.of(), Map.of(), Map.of(), false, 10, -1));

    assertThat(text)
        .contains(
            "mink_ready 0.0\n",
            "mink_owned_tables 0.0\n",
            "mink_tables{state=\"missing\"} 0.0\n",
            "mink_jvm_heap_used_bytes 10.0\n");
    assertThat(text)
        .doesNotContain(
            "mink_jvm_heap_max_bytes",
            "table=",
            "mink_partition_offset_lag",
            "mink_rounds_committed_total");
  }

  @Test
  void labelValuesAreEscaped() {
    String text = PrometheusText.render(new MetricsSnapshot(
        List.of(),
        Map.of(),
        Map.of("a\"b\\c\nd", new RoundCounters.Counts(5, 0, 0, 0, 0, Map.of())),
        true,
        0,
        0));

    assertThat(text).contains("mink_rounds_committed_total{table=\"a\\\"b\\\\c\\nd\"} 5.0\n");
  }

  @Test
  void secondsKeepMilliseconds() {
    assertThat(MetricFamilies.seconds(Duration.ofMillis(1_500))).hasValue(1.5);
    assertThat(MetricFamilies.seconds(Duration.ofMillis(1))).hasValue(0.001);
    assertThat(MetricFamilies.seconds(Duration.ZERO)).hasValue(0);
    assertThat(MetricFamilies.seconds(java.time.Instant.ofEpochMilli(1_700_000_000_120L)))
        .hasValue(1700000000.12);
  }
}
