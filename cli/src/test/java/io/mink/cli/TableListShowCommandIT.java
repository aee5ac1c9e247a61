package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** mink table list and show against a real broker and the embedded lake. */
class TableListShowCommandIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path workingDirectory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, workingDirectory);
  }

  @Test
  void listShowsTheIndexingTablesAndCountsTheOthersWhichAllShowsWithTheirReason() throws Exception {
    String orders = mink.topic("orders", 1);
    String refunds = mink.topic("refunds", 1);
    String events = mink.topic("events", 1);
    for (String topic : List.of(refunds, events)) {
      assertThat(mink.run("table", "add", topic, "--freshness", "1m").exitCode())
          .isZero();
    }
    assertThat(mink.run("table", "add", orders, "--freshness", "1m", "--mode", "upsert")
            .exitCode())
        .isZero();
    moveTo(
        "kafka." + refunds,
        LifecycleState.MISSING,
        "topic " + refunds + " no longer exists in Kafka");
    moveTo(
        "kafka." + events,
        LifecycleState.REPLACED,
        "topic " + events + " was deleted and created again");

    CommandRun list = mink.run("table", "list");
    CommandRun all = mink.run("table", "list", "--all");
    CommandRun json = mink.run("table", "list", "--all", "--output", "json");

    assertThat(list.err()).isEmpty();
    assertThat(list.exitCode()).isZero();
    assertThat(list.out().lines().toList())
        .satisfiesExactly(
            header -> assertThat(header).matches("TABLE +TOPIC +MODE +STATE +SINCE +FRESHNESS"),
            row -> assertThat(row)
                .matches("kafka\\.orders_\\w+ +orders_\\w+ +upsert +indexing +(now|\\d+s ago) +1m"),
            footer -> assertThat(footer)
                .isEqualTo("2 more tables are not indexing (missing 1, replaced 1): mink table "
                    + "list --all"));
    assertThat(all.out().lines().toList())
        .satisfiesExactly(
            header ->
                assertThat(header).matches("TABLE +TOPIC +MODE +STATE +SINCE +FRESHNESS +REASON"),
            row -> assertThat(row)
                .matches("kafka\\.events_\\w+ +events_\\w+ +append +replaced +(now|\\d+s ago) +1m "
                    + "+topic " + events + " was deleted and created again"),
            row -> assertThat(row)
                .matches("kafka\\.orders_\\w+ +orders_\\w+ +upsert +indexing +(now|\\d+s ago) +1m"),
            row -> assertThat(row)
                .matches("kafka\\.refunds_\\w+ +refunds_\\w+ +append +missing +(now|\\d+s ago) +1m "
                    + "+topic "
                    + refunds + " no longer exists in Kafka"));
    JsonNode tables = JSON.readTree(json.out());
    assertThat(tables).hasSize(3);
    assertThat(tables.get(0).get("table").asText()).isEqualTo("kafka." + events);
    assertThat(tables.get(0).get("state").get("name").asText()).isEqualTo("replaced");
    assertThat(tables.get(1).get("topicId").asText())
        .isEqualTo(KAFKA.topicId(orders).toString());
    assertThat(tables.get(1).get("freshnessMs").asLong()).isEqualTo(60_000);
    assertThat(tables.get(1).get("mode").asText()).isEqualTo("upsert");
    assertThat(tables.get(1).get("cdc").isNull()).isTrue();
    assertThat(tables.get(0).get("mode").asText()).isEqualTo("append");
  }

  @Test
  void listPicksANamespace() {
    String clicks = mink.topic("clicks", 1);
    assertThat(mink.run("table", "add", clicks, "--namespace", "web").exitCode())
        .isZero();

    assertThat(mink.run("table", "list", "--namespace", "web").out()).contains("web." + clicks);
    assertThat(mink.run("table", "list", "--namespace", "sales").out())
        .isEqualTo(
            "No tables are added in namespace sales: add one with mink table add TOPIC --namespace sales\n");
  }

  @Test
  void showPrintsTheStateTheNewestSnapshotAndTheLagOfEachPartition() throws Exception {
    String orders = mink.topic("orders", 2);
    assertThat(mink.run("table", "add", orders, "--option", "iceberg.format-version=3")
            .exitCode())
        .isZero();
    mink.produce(orders, 0, 40);
    mink.produce(orders, 1, 20);
    assertThat(mink.round("kafka." + orders).rows()).isEqualTo(60);
    mink.produce(orders, 0, 5);

    CommandRun show = mink.run("table", "show", "kafka." + orders);
    CommandRun byName = mink.run("table", "show", orders, "--output", "json");

    assertThat(show.err()).isEmpty();
    assertThat(show.exitCode()).isZero();
    assertThat(show.out())
        .contains(
            "Table      kafka." + orders + "\n",
            "Topic      " + orders + " (topic id " + KAFKA.topicId(orders) + ")\n",
            "Options    iceberg.format-version=3\n",
            "(format version 3)\n",
            "mink-offsets {\"0\":40,\"1\":20}\n");
    assertThat(show.out().lines().toList())
        .anySatisfy(line ->
            assertThat(line).matches("State +indexing since (now|\\d+s ago) \\(.*\\): added"))
        .anySatisfy(
            line -> assertThat(line).matches("PARTITION +LAKE +LOG START +END +LAG +TIME LAG"))
        .anySatisfy(line -> assertThat(line).matches("0 +40 +0 +45 +5 +\\d+(\\.\\d)?s"))
        .anySatisfy(line -> assertThat(line).matches("1 +20 +0 +20 +0 +0s"));
    JsonNode json = JSON.readTree(byName.out());
    assertThat(json.get("table").asText()).isEqualTo("kafka." + orders);
    assertThat(json.get("iceberg").get("snapshot").get("minkOffsets"))
        .isEqualTo(JSON.readTree("{\"0\": 40, \"1\": 20}"));
    assertThat(json.get("partitions").get(0).get("offsetLag").asLong()).isEqualTo(5);
  }

  @Test
  void showPrintsTheModeOfAnUpsertTable() throws Exception {
    String customers = mink.topic("customers", 1);
    assertThat(mink.run("table", "add", customers, "--cdc", "debezium").exitCode())
        .isZero();

    CommandRun show = mink.run("table", "show", "kafka." + customers);
    CommandRun json = mink.run("table", "show", "kafka." + customers, "--output", "json");

    assertThat(show.exitCode()).as(show.err()).isZero();
    assertThat(show.out())
        .contains("Mode       upsert (debezium)\n", "Options    cdc=debezium, mode=upsert\n")
        .contains("(format version 3)\n");
    JsonNode node = JSON.readTree(json.out());
    assertThat(node.get("mode").asText()).isEqualTo("upsert");
    assertThat(node.get("cdc").asText()).isEqualTo("debezium");
    assertThat(node.get("iceberg").get("formatVersion").asInt()).isEqualTo(3);
  }

  @Test
  void showOfATableThatIsNotAddedSaysHowToListThem() {
    CommandRun run = mink.run("table", "show", "kafka.nothing_here");

    assertThat(run.exitCode()).isEqualTo(ExitCode.CONFLICT.code());
    assertThat(run.err())
        .isEqualTo("Error: Table kafka.nothing_here is not added: mink table list --all shows the "
            + "added tables\n");
  }

  @Test
  void commandConfigSettingsGoOverTheKafkaSectionAndBootstrapOverBoth() throws Exception {
    Path properties = Files.writeString(
        workingDirectory.resolve("client.properties"),
        "bootstrap.servers=" + KAFKA.bootstrapServers() + "\nclient.id=mink-from-command-config\n");
    Map<String, String> nowhere = Map.of(
        "MINK_KAFKA_BOOTSTRAP_SERVERS",
        "127.0.0.1:1",
        "MINK_INDEXER_TABLES_TOPIC",
        mink.variables().get("MINK_INDEXER_TABLES_TOPIC"));

    CommandRun viaCommandConfig = CommandRun.of(
        workingDirectory,
        nowhere,
        "table",
        "list",
        "--command-config",
        properties.getFileName().toString());

    assertThat(viaCommandConfig.err()).isEmpty();
    assertThat(viaCommandConfig.exitCode()).isZero();
    assertThat(ConfigOptionsProbe.kafkaSettings(
            workingDirectory,
            nowhere,
            "--command-config",
            properties.toString(),
            "--bootstrap",
            "broker-9:9092"))
        .containsEntry("bootstrap.servers", "broker-9:9092")
        .containsEntry("client.id", "mink-from-command-config");
  }

  private void moveTo(String table, LifecycleState state, String reason) {
    try (KafkaTableStore store = mink.store()) {
      TableDescriptor current = store.find(table).orElseThrow();
      assertThat(store.replace(
              current, current.withLifecycle(new Lifecycle(state, Instant.now(), reason))))
          .isTrue();
    }
  }
}
