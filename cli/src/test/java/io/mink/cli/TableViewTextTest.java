package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.stats.PartitionMeasure;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableViewTextTest {
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final TableDescriptor ORDERS = new TableDescriptor(
      "kafka",
      "orders",
      "orders",
      "Xy7-id",
      Duration.ofMinutes(1),
      Map.of("auto-compaction", "true", "iceberg.format-version", "3"),
      NOW.minusSeconds(300));
  private static final TableView.Lake LAKE = new TableView.Lake(
      "file:/lake/kafka/orders",
      3,
      new MinkSnapshot(
          4242L, 7, NOW.minusSeconds(12).toEpochMilli(), LakeOffsets.of(Map.of(0, 1200L, 1, 800L))),
      List.of());
  private static final List<PartitionMeasure> PARTITIONS = List.of(
      new PartitionMeasure(0, 1200L, 0, 1300, Duration.ofMillis(5_200)),
      new PartitionMeasure(1, 800L, 0, 800, Duration.ZERO),
      new PartitionMeasure(2, null, 10, 15, null));

  @Test
  void theTableIsShownWithItsIcebergTableAndItsPartitions() {
    assertThat(TableViewText.render(new TableView(ORDERS, LAKE, PARTITIONS), NOW))
        .isEqualTo("""
        Table      kafka.orders
        Topic      orders (topic id Xy7-id)
        Mode       append
        State      indexing since 5m ago (2026-01-01T11:55:00Z): added
        Freshness  1m
        Starts at  each partition's log start
        Options    auto-compaction=true, iceberg.format-version=3
        Time as    long, time of day in microseconds since midnight (the default; --option mink.time-as changes it)
        Added      5m ago (2026-01-01T11:55:00Z)
        Iceberg    file:/lake/kafka/orders (format version 3)
        Snapshot   4242 committed 12s ago (2026-01-01T11:59:48Z), mink-offsets {"0":1200,"1":800}

        PARTITION  LAKE  LOG START  END   LAG  TIME LAG
        0          1200  0          1300  100  5.2s
        1          800   0          800   0    0s
        2          -     10         15    5    -
        """);
  }

  @Test
  void aMissingTableSaysWhyWhatToDoAndThatItsTopicIsGone() {
    TableDescriptor missing = ORDERS
        .withOptions(Map.of())
        .withLifecycle(new Lifecycle(
            LifecycleState.MISSING,
            NOW.minusSeconds(30),
            "topic orders no longer exists in Kafka"));

    assertThat(TableViewText.render(new TableView(missing, null, null), NOW)).isEqualTo("""
        Table      kafka.orders
        Topic      orders (topic id Xy7-id)
        Mode       append
        State      missing since 30s ago (2026-01-01T11:59:30Z): topic orders no longer exists in Kafka; indexing goes on when the topic is back
        Freshness  1m
        Starts at  each partition's log start
        Options    none
        Time as    long, time of day in microseconds since midnight (the default; --option mink.time-as changes it)
        Added      5m ago (2026-01-01T11:55:00Z)
        Iceberg    not in the catalog

        Topic orders does not exist in Kafka now.
        """);
  }

  @Test
  void aReplacedTableHasNoPartitionsMeasuredAsItsTopicIsAnother() {
    TableDescriptor replaced = ORDERS.withLifecycle(new Lifecycle(
        LifecycleState.REPLACED,
        NOW.minusSeconds(60),
        "topic orders was deleted and created again (topic id Xy7-id is now Zq2-id): remove the table and add it "
            + "again"));

    assertThat(TableViewText.render(new TableView(replaced, LAKE, null), NOW)).endsWith("""
        Mode       append
        State      replaced since 1m ago (2026-01-01T11:59:00Z): topic orders was deleted and created again (topic id Xy7-id is now Zq2-id): remove the table and add it again
        Freshness  1m
        Starts at  each partition's log start
        Options    auto-compaction=true, iceberg.format-version=3
        Time as    long, time of day in microseconds since midnight (the default; --option mink.time-as changes it)
        Added      5m ago (2026-01-01T11:55:00Z)
        Iceberg    file:/lake/kafka/orders (format version 3)
        Snapshot   4242 committed 12s ago (2026-01-01T11:59:48Z), mink-offsets {"0":1200,"1":800}

        Partitions are not measured: the table is replaced.
        """);
  }

  @Test
  void anUpsertTableShowsItsModeAndCdcFormat() throws Exception {
    TableDescriptor customers = ORDERS.withOptions(Map.of("mode", "upsert", "cdc", "debezium"));

    assertThat(TableViewText.render(new TableView(customers, LAKE, List.of()), NOW))
        .contains("""
        Topic      orders (topic id Xy7-id)
        Mode       upsert (debezium)
        """);
    JsonNode node = TableViewJson.node(new TableView(customers, LAKE, List.of()), NOW);
    assertThat(node.get("mode").asText()).isEqualTo("upsert");
    assertThat(node.get("cdc").asText()).isEqualTo("debezium");
  }

  @Test
  void aTableWithATimeColumnSaysWhichEnginesCannotReadItAndItsOptionIsShown() {
    TableDescriptor rides = ORDERS.withOptions(Map.of("time-as", "time"));
    TableView.Lake lake = new TableView.Lake(
        "file:/lake/kafka/rides",
        2,
        null,
        List.of("Spark cannot read this table: column pickup is of Iceberg type time"));

    assertThat(TableViewText.render(new TableView(rides, lake, List.of()), NOW))
        .contains("""
        Options    time-as=time
        Time as    time, Iceberg time (mink.time-as)
        """)
        .contains("""
        Snapshot   none yet: no round has committed
        Warning    Spark cannot read this table: column pickup is of Iceberg type time
        """);
  }

  @Test
  void jsonHasTheEntryTheIcebergTableAndThePartitions() throws Exception {
    ObjectMapper json = new ObjectMapper();

    assertThat(json.readTree(
            TableViewJson.node(new TableView(ORDERS, LAKE, PARTITIONS.subList(0, 1)), NOW)
                .toString()))
        .isEqualTo(json.readTree("""
            {
              "table": "kafka.orders", "namespace": "kafka", "name": "orders", "topic": "orders",
              "topicId": "Xy7-id", "freshness": "1m", "freshnessMs": 60000, "mode": "append", "cdc": null,
              "startOffsets": null,
              "options": {"auto-compaction": "true", "iceberg.format-version": "3"},
              "addedAt": "2026-01-01T11:55:00Z",
              "state": {"name": "indexing", "since": "2026-01-01T11:55:00Z", "reason": "added"},
              "generatedAt": "2026-01-01T12:00:00Z",
              "timeAs": "long",
              "iceberg": {"location": "file:/lake/kafka/orders", "formatVersion": 3, "warnings": [],
                          "snapshot": {"id": 4242, "sequenceNumber": 7, "committedAt": "2026-01-01T11:59:48Z",
                                       "minkOffsets": {"0": 1200, "1": 800}}},
              "partitions": [{"partition": 0, "lakeOffset": 1200, "logStartOffset": 0, "endOffset": 1300,
                              "offsetLag": 100, "timeLagMs": 5200}]
            }
            """));
  }
}
