package io.mink.indexer.stats;

import static io.mink.indexer.stats.StatusFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatsJsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void documentHasTheDocumentedFieldsInOrder() throws Exception {
    String text = StatsJson.render(List.of(ReportFixtures.tiered(), ReportFixtures.unowned()), NOW);

    assertThat(JSON.readTree(text)).isEqualTo(JSON.readTree("""
        {
          "version": 1,
          "generatedAt": "2026-01-01T12:00:00Z",
          "tables": [
            {
              "table": "kafka.orders",
              "topic": "orders",
              "state": "tiered",
              "lifecycle": {"state": "indexing", "since": "2025-12-30T12:00:00Z", "reason": "added"},
              "owner": "host-a:4242:ab12cd",
              "epoch": 7,
              "ownerSilent": false,
              "statusPublishedAt": "2026-01-01T11:59:56Z",
              "lastTiered": "2026-01-01T11:59:48Z",
              "nextDue": "2026-01-01T12:02:00Z",
              "offsetLag": 100,
              "timeLagMs": 5250,
              "partitions": [
                {"partition": 0, "lakeOffset": 1200, "nextOffset": 1200, "logStartOffset": 0, "endOffset": 1300,
                 "offsetLag": 100, "timeLagMs": 5250},
                {"partition": 1, "lakeOffset": 800, "nextOffset": 800, "logStartOffset": 0, "endOffset": 800,
                 "offsetLag": 0, "timeLagMs": 0}
              ],
              "lastRound": {
                "finishedAt": "2026-01-01T11:59:48Z", "committed": true, "records": 1000, "rows": 1000,
                "bytes": 2202009, "files": 2, "durationMs": 1200, "forceFinished": false, "rawParts": {"value.undecodable-bytes": 12}
              },
              "errors": [],
              "gaps": [],
              "warnings": []
            },
            {
              "table": "kafka.payments",
              "topic": "payments",
              "state": "unowned",
              "lifecycle": {"state": "indexing", "since": "2025-12-30T12:00:00Z", "reason": "added"},
              "owner": null,
              "epoch": null,
              "ownerSilent": false,
              "statusPublishedAt": null,
              "lastTiered": null,
              "nextDue": null,
              "offsetLag": 30,
              "timeLagMs": 65000,
              "partitions": [
                {"partition": 0, "lakeOffset": null, "nextOffset": 0, "logStartOffset": 0, "endOffset": 30,
                 "offsetLag": 30, "timeLagMs": 65000}
              ],
              "lastRound": null,
              "errors": [],
              "gaps": [],
              "warnings": []
            }
          ]
        }
        """));
    assertThat(JSON.readTree(text).get("tables").get(0).fieldNames())
        .toIterable()
        .containsExactly(
            "table",
            "topic",
            "state",
            "lifecycle",
            "owner",
            "epoch",
            "ownerSilent",
            "statusPublishedAt",
            "lastTiered",
            "nextDue",
            "offsetLag",
            "timeLagMs",
            "partitions",
            "lastRound",
            "errors",
            "gaps",
            "warnings");
  }

  @Test
  void gapsAndErrorsAreListed() throws Exception {
    var table = JSON.readTree(StatsJson.render(List.of(ReportFixtures.silentWithGap()), NOW))
        .get("tables")
        .get(0);

    assertThat(table.get("ownerSilent").asBoolean()).isTrue();
    assertThat(table.get("gaps"))
        .isEqualTo(JSON.readTree("[{\"partition\":0,\"from\":0,\"to\":200}]"));
    assertThat(table.get("errors").get(0).asText()).startsWith("Records [0, 200) of partition 0");
  }

  @Test
  void aTableThatIsNotIndexingShowsItsLifecycleStateSinceAndReason() throws Exception {
    var table = JSON.readTree(StatsJson.render(List.of(ReportFixtures.missing()), NOW))
        .get("tables")
        .get(0);

    assertThat(table.get("state").asText()).isEqualTo("missing");
    assertThat(table.get("lifecycle")).isEqualTo(JSON.readTree("""
        {"state": "missing", "since": "2026-01-01T11:57:00Z", "reason": "topic refunds no longer exists in Kafka"}
        """));
    assertThat(table.get("partitions").isEmpty()).isTrue();
    assertThat(table.get("warnings").get(0).asText())
        .isEqualTo("Spark cannot read this table: column pickup is of Iceberg type time");
  }

  @Test
  void noTablesIsAnEmptyList() throws Exception {
    assertThat(JSON.readTree(StatsJson.render(List.of(), NOW)).get("tables").isEmpty())
        .isTrue();
  }
}
