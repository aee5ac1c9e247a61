package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.stats.PartitionLag;
import io.mink.indexer.stats.PublishedStatus;
import io.mink.indexer.stats.RoundSummary;
import io.mink.indexer.stats.StatusBoard;
import io.mink.indexer.stats.StatusCodec;
import io.mink.indexer.stats.StatusPublisher;
import io.mink.indexer.stats.StatusTopic;
import io.mink.indexer.stats.TableState;
import io.mink.indexer.stats.TableStatus;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * mink cluster stats against a real broker and the embedded lake: a table tiered by a round whose owner publishes
 * its status, records produced after the round as lag, a table nobody owns and one whose owner went silent.
 */
class ClusterStatsCommandIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String OWNER = "host-a:4242:ab12cd";

  @TempDir
  Path workingDirectory;

  private String suffix;
  private String statusTopic;
  private Map<String, String> variables;
  private KafkaClientFactory clients;

  @BeforeEach
  void environment() {
    suffix = UUID.randomUUID().toString().substring(0, 8);
    statusTopic = "_status_" + suffix;
    variables = Map.of(
        "MINK_KAFKA_BOOTSTRAP_SERVERS",
        KAFKA.bootstrapServers(),
        "MINK_INDEXER_TABLES_TOPIC",
        "_tables_" + suffix,
        "MINK_INDEXER_STATUS_TOPIC",
        statusTopic);
    clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    new StatusTopic(clients, statusTopic).ensure(KAFKA.admin());
  }

  @SuppressWarnings("try") // the publisher only needs to run while the command does
  @Test
  void statsShowOwnerStateAndTheLagMeasuredNowOfEveryAddedTable() throws Exception {
    String orders = "orders_" + suffix;
    String payments = "payments_" + suffix;
    String events = "events_" + suffix;
    KAFKA.createTopic(orders, 2);
    KAFKA.createTopic(payments, 1);
    KAFKA.createTopic(events, 1);
    for (String topic : List.of(orders, payments, events)) {
      assertThat(run("table", "add", topic).exitCode()).isZero();
    }
    long now = System.currentTimeMillis();
    KAFKA.produce(orders, records(0, 40, now - 60_000));
    KAFKA.produce(orders, records(1, 20, now - 60_000));
    KAFKA.produce(payments, records(0, 5, now - 30_000));
    RoundResult round = round(store().find("kafka." + orders).orElseThrow());
    assertThat(round.rows()).isEqualTo(60);
    KAFKA.produce(orders, records(0, 30, now - 10_000));
    StatusBoard board = new StatusBoard();
    board.put(ownersStatus("kafka." + orders, orders, round));
    writeSilentStatus("kafka." + events, events);

    try (StatusPublisher publisher =
        StatusPublisher.start(board, clients, statusTopic, Clock.systemUTC())) {
      awaitPublished("kafka." + orders);

      CommandRun table = run("cluster", "stats");
      CommandRun json = run("cluster", "stats", "--output", "json");

      assertThat(table.err()).isEmpty();
      assertThat(table.exitCode()).isZero();
      List<String> lines = table.out().lines().toList();
      assertThat(lines.get(0))
          .matches("TABLE +STATE +OWNER +EPOCH +LAST TIERED +NEXT DUE +LAKE +END +OFFSET LAG "
              + "+TIME LAG +LAST ROUND");
      assertThat(lines)
          .anySatisfy(line -> assertThat(line)
              .matches("kafka\\.events_\\w+ +failed +" + OWNER + " +9 +never +- +0 +0s +-"));
      assertThat(lines)
          .anySatisfy(line -> assertThat(line)
              .matches("  silent owner: " + OWNER
                  + " last published this status 2m( \\d+s)? ago; it may be down, .*"));
      assertThat(lines)
          .anySatisfy(
              line -> assertThat(line)
                  .matches(
                      "kafka\\.orders_\\w+ +tiered +" + OWNER
                          + " +7 +(\\d+s ago|now) +in \\d+m( \\d+s)? +30 +1\\d(\\.\\d)?s +60 rows, .* 2 files in .*"));
      assertThat(lines)
          .anySatisfy(
              line -> assertThat(line).matches("  partition 0 +40 +70 +30 +1\\d(\\.\\d)?s"));
      assertThat(lines)
          .anySatisfy(line -> assertThat(line).matches("  partition 1 +20 +20 +0 +0s"));
      assertThat(lines)
          .anySatisfy(line -> assertThat(line)
              .matches("kafka\\.payments_\\w+ +unowned +- +- +never +- " + "+5 +3\\ds +-"));
      assertThat(lines)
          .anySatisfy(line -> assertThat(line).matches("  partition 0 +- +5 +5 +3\\ds"));

      assertThat(json.exitCode()).isZero();
      JsonNode document = JSON.readTree(json.out());
      assertThat(document.get("version").asInt()).isEqualTo(1);
      JsonNode tiered = table(document, "kafka." + orders);
      assertThat(tiered.get("state").asText()).isEqualTo("tiered");
      assertThat(tiered.get("owner").asText()).isEqualTo(OWNER);
      assertThat(tiered.get("epoch").asLong()).isEqualTo(7);
      assertThat(tiered.get("ownerSilent").asBoolean()).isFalse();
      assertThat(tiered.get("lastTiered").isTextual()).isTrue();
      assertThat(tiered.get("offsetLag").asLong()).isEqualTo(30);
      assertThat(tiered.get("timeLagMs").asLong()).isBetween(10_000L, 60_000L);
      JsonNode lagging = tiered.get("partitions").get(0);
      assertThat(lagging.get("lakeOffset").asLong()).isEqualTo(40);
      assertThat(lagging.get("endOffset").asLong()).isEqualTo(70);
      assertThat(lagging.get("offsetLag").asLong()).isEqualTo(30);
      assertThat(lagging.get("timeLagMs").asLong()).isBetween(10_000L, 60_000L);
      JsonNode caughtUp = tiered.get("partitions").get(1);
      assertThat(caughtUp.get("offsetLag").asLong()).isZero();
      assertThat(caughtUp.get("timeLagMs").asLong()).isZero();
      assertThat(tiered.get("lastRound").get("rows").asLong()).isEqualTo(60);
      assertThat(tiered.get("lastRound").get("records").asLong()).isEqualTo(60);
      assertThat(tiered.get("lastRound").get("files").asInt()).isEqualTo(2);
      JsonNode unowned = table(document, "kafka." + payments);
      assertThat(unowned.get("state").asText()).isEqualTo("unowned");
      assertThat(unowned.get("owner").isNull()).isTrue();
      assertThat(unowned.get("lastTiered").isNull()).isTrue();
      assertThat(unowned.get("partitions").get(0).get("lakeOffset").isNull()).isTrue();
      assertThat(unowned.get("offsetLag").asLong()).isEqualTo(5);
      assertThat(unowned.get("timeLagMs").asLong()).isGreaterThanOrEqualTo(30_000);
      JsonNode silent = table(document, "kafka." + events);
      assertThat(silent.get("state").asText()).isEqualTo("failed");
      assertThat(silent.get("ownerSilent").asBoolean()).isTrue();
      assertThat(silent.get("errors").get(0).asText()).isEqualTo("the catalog did not answer");
    }
  }

  @Test
  void noTablesSaysHowToAddOne() {
    CommandRun run = run("cluster", "stats");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo("No tables are added: add one with mink table add TOPIC\n");
  }

  @Test
  void kafkaThatDoesNotAnswerIsUnavailable() {
    CommandRun run = run("cluster", "stats", "--bootstrap", "127.0.0.1:1");

    assertThat(run.exitCode()).isEqualTo(ExitCode.UNAVAILABLE.code());
    assertThat(run.err())
        .isEqualTo("Error: Cannot reach Kafka at 127.0.0.1:1 (no answer within 15s): check "
            + "bootstrap.servers in [kafka] (or --bootstrap) and that the brokers are up\n");
  }

  @Test
  void catalogThatDoesNotAnswerIsUnavailable() throws Exception {
    String topic = "lonely_" + suffix;
    KAFKA.createTopic(topic, 1);
    assertThat(run("table", "add", topic).exitCode()).isZero();
    Path config = workingDirectory.resolve("mink.toml");
    Files.writeString(config, """
        [lake]
        catalog = "rest"
        uri = "http://127.0.0.1:1"
        warehouse = "s3://nowhere"
        """);

    CommandRun run = run("cluster", "stats", "--config", config.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCode.UNAVAILABLE.code());
    assertThat(run.err())
        .startsWith("Error: Cannot open the rest catalog at http://127.0.0.1:1 (")
        .endsWith("): check [lake] in the config file and that the catalog is up\n");
  }

  @Test
  void unknownOutputFormatIsABadArgument() {
    CommandRun run = run("cluster", "stats", "--output", "yaml");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(run.err())
        .isEqualTo("Error: Invalid value for option '--output': expected one of [table, json] "
            + "(case-sensitive) but was 'yaml': see mink cluster stats --help\n");
  }

  @Test
  void aTableThatIsNotIndexingShowsItsStateSinceAndReasonInsteadOfItsLag() throws Exception {
    String refunds = "refunds_" + suffix;
    KAFKA.createTopic(refunds, 1);
    assertThat(run("table", "add", refunds).exitCode()).isZero();
    TableDescriptor added = store().find("kafka." + refunds).orElseThrow();
    assertThat(store()
            .replace(
                added,
                added.withLifecycle(new Lifecycle(
                    LifecycleState.MISSING,
                    Instant.now().minusSeconds(90),
                    "topic " + refunds + " no longer exists in Kafka"))))
        .isTrue();

    CommandRun table = run("cluster", "stats");
    CommandRun json = run("cluster", "stats", "--output", "json");

    assertThat(table.exitCode()).isZero();
    assertThat(table.out().lines().toList())
        .anySatisfy(line ->
            assertThat(line).matches("kafka\\.refunds_\\w+ +missing +- +- +never +- +- +- +-"));
    assertThat(table.out().lines().toList())
        .anySatisfy(line -> assertThat(line)
            .matches("  missing since 1m 3\\ds " + "ago: topic " + refunds
                + " no longer exists in Kafka; indexing goes on when the topic is back"));
    JsonNode entry = table(JSON.readTree(json.out()), "kafka." + refunds);
    assertThat(entry.get("state").asText()).isEqualTo("missing");
    assertThat(entry.get("lifecycle").get("state").asText()).isEqualTo("missing");
    assertThat(entry.get("lifecycle").get("reason").asText())
        .isEqualTo("topic " + refunds + " no longer exists in Kafka");
    assertThat(entry.get("partitions").isEmpty()).isTrue();
  }

  private TableStatus ownersStatus(String table, String topic, RoundResult round) {
    Instant now = Instant.now();
    return new TableStatus(
        table,
        topic,
        TableState.TIERED,
        OWNER,
        7,
        now,
        now.plusSeconds(170),
        List.of(
            new PartitionLag(0, 40, 40, Duration.ZERO), new PartitionLag(1, 20, 20, Duration.ZERO)),
        new RoundSummary(
            now,
            true,
            round.records(),
            round.rows(),
            round.bytes(),
            round.files(),
            round.duration(),
            false,
            Map.of()),
        null,
        List.of(),
        now);
  }

  /** A status its owner published two minutes ago and never again, of a table added ten minutes ago. */
  private void writeSilentStatus(String table, String topic) throws Exception {
    TableDescriptor added = store().find(table).orElseThrow();
    store()
        .put(new TableDescriptor(
            added.namespace(),
            added.name(),
            added.topic(),
            added.topicId(),
            added.freshness(),
            added.options(),
            Instant.now().minus(Duration.ofMinutes(10))));
    Instant then = Instant.now().minusSeconds(120);
    TableStatus status = new TableStatus(
        table,
        topic,
        TableState.FAILED,
        OWNER,
        9,
        null,
        null,
        List.of(),
        null,
        "the catalog did not answer",
        List.of(),
        then);
    try (KafkaProducer<byte[], byte[]> producer = KAFKA.newProducer()) {
      producer
          .send(new ProducerRecord<>(
              statusTopic,
              0,
              table.getBytes(StandardCharsets.UTF_8),
              StatusCodec.encode(new PublishedStatus(status, then))))
          .get();
    }
  }

  private void awaitPublished(String table) {
    await("the status of " + table + " published")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .until(() ->
            new StatusTopic(clients, statusTopic).read(Duration.ofSeconds(10)).containsKey(table));
  }

  private RoundResult round(TableDescriptor descriptor) {
    LakeTables lake = new LakeTables(CatalogLoader.load(
        LakeSettings.embedded(workingDirectory.resolve(LakeSettings.EMBEDDED_DIRECTORY))));
    try (RoundRunner rounds =
        new RoundRunner(lake, clients, RoundRunner.settings(1, 128L << 20), null)) {
      return rounds.run(descriptor);
    }
  }

  private KafkaTableStore store() {
    return new KafkaTableStore(clients, variables.get("MINK_INDEXER_TABLES_TOPIC"));
  }

  private static JsonNode table(JsonNode document, String name) {
    for (JsonNode table : document.get("tables")) {
      if (table.get("table").asText().equals(name)) {
        return table;
      }
    }
    throw new AssertionError("No table " + name + " in " + document);
  }

  /** {@code count} records to a partition, stamped {@code timestamp}. */
  private static List<TestRecord> records(int partition, int count, long timestamp) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          partition, null, ("record " + i).getBytes(StandardCharsets.UTF_8), List.of(), timestamp));
    }
    return records;
  }

  private CommandRun run(String... args) {
    return CommandRun.of(workingDirectory, variables, args);
  }
}
