package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableListingTest {
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");
  private static final TableDescriptor ORDERS = table("orders", Duration.ofMinutes(1))
      .withLifecycle(Lifecycle.indexing(NOW.minusSeconds(180), "added"));
  private static final TableDescriptor CLICKS = table(
          "clicks",
          Duration.ofMinutes(3),
          Map.of("iceberg.format-version", "3", "mode", "upsert", "cdc", "debezium"))
      .withLifecycle(
          Lifecycle.indexing(NOW.minus(Duration.ofHours(2)), "topic clicks is back in Kafka"));
  private static final TableDescriptor REFUNDS = table(
          "refunds", Duration.ofMinutes(3), Map.of("iceberg.format-version", "3", "mode", "upsert"))
      .withLifecycle(new Lifecycle(
          LifecycleState.MISSING, NOW.minusSeconds(40), "topic refunds no longer exists in Kafka"));
  private static final TableDescriptor EVENTS = table("events", Duration.ofSeconds(30))
      .withLifecycle(new Lifecycle(
          LifecycleState.REPLACED,
          NOW.minusSeconds(5),
          "topic events was deleted and created again (topic id id-2, not id-events)"));

  @Test
  void theIndexingTablesAreListedByNameAndTheOthersCounted() {
    assertThat(TableListing.text(List.of(REFUNDS, ORDERS, EVENTS, CLICKS), false, null, NOW))
        .isEqualTo("""
        TABLE         TOPIC   MODE               STATE     SINCE   FRESHNESS
        kafka.clicks  clicks  upsert (debezium)  indexing  2h ago  3m
        kafka.orders  orders  append             indexing  3m ago  1m
        2 more tables are not indexing (missing 1, replaced 1): mink table list --all
        """);
  }

  @Test
  void allListsEveryStateWithTheReason() {
    assertThat(TableListing.text(List.of(REFUNDS, ORDERS, EVENTS), true, null, NOW))
        .isEqualTo("""
        TABLE          TOPIC    MODE    STATE     SINCE    FRESHNESS  REASON
        kafka.events   events   append  replaced  5s ago   30s        topic events was deleted and created again (topic id id-2, not id-events)
        kafka.orders   orders   append  indexing  3m ago   1m
        kafka.refunds  refunds  upsert  missing   40s ago  3m         topic refunds no longer exists in Kafka
        """);
  }

  @Test
  void noIndexingTableAndNoTableAtAllSayWhatToDo() {
    assertThat(TableListing.text(List.of(REFUNDS), false, null, NOW)).isEqualTo("""
        No table is indexing.
        1 more table is not indexing (missing 1): mink table list --all
        """);
    assertThat(TableListing.text(List.of(), false, null, NOW))
        .isEqualTo("No tables are added: add one with mink table add TOPIC\n");
    assertThat(TableListing.text(List.of(), true, "sales", NOW))
        .isEqualTo(
            "No tables are added in namespace sales: add one with mink table add TOPIC --namespace sales\n");
  }

  @Test
  void jsonHasEveryFieldOfTheEntries() throws Exception {
    ObjectMapper json = new ObjectMapper();

    assertThat(json.readTree(TableListing.json(List.of(REFUNDS, ORDERS), true)))
        .isEqualTo(json.readTree("""
        [ {
          "table": "kafka.orders", "namespace": "kafka", "name": "orders", "topic": "orders",
          "topicId": "id-orders", "freshness": "1m", "freshnessMs": 60000,
          "mode": "append", "cdc": null, "startOffsets": null,
          "options": {"iceberg.format-version": "3"}, "addedAt": "2026-01-01T11:00:00Z",
          "state": {"name": "indexing", "since": "2026-01-01T11:57:00Z", "reason": "added"}
        }, {
          "table": "kafka.refunds", "namespace": "kafka", "name": "refunds", "topic": "refunds",
          "topicId": "id-refunds", "freshness": "3m", "freshnessMs": 180000,
          "mode": "upsert", "cdc": null, "startOffsets": null,
          "options": {"iceberg.format-version": "3", "mode": "upsert"}, "addedAt": "2026-01-01T11:00:00Z",
          "state": {"name": "missing", "since": "2026-01-01T11:59:20Z",
                    "reason": "topic refunds no longer exists in Kafka"}
        } ]
        """));
    assertThat(json.readTree(TableListing.json(List.of(REFUNDS, ORDERS), false)))
        .hasSize(1);
  }

  private static TableDescriptor table(String name, Duration freshness) {
    return table(name, freshness, Map.of("iceberg.format-version", "3"));
  }

  private static TableDescriptor table(
      String name, Duration freshness, Map<String, String> options) {
    return new TableDescriptor(
        "kafka", name, name, "id-" + name, freshness, options, NOW.minus(Duration.ofHours(1)));
  }
}
