package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.config.ConfigKey;
import io.mink.schema.KafkaColumns;
import io.mink.tables.KafkaTableStore;
import io.mink.testkit.KafkaBroker;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class TableAddCommandIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path workingDirectory;

  private CliFixture mink;

  @BeforeEach
  void fixture() {
    mink = new CliFixture(KAFKA, workingDirectory);
  }

  @Test
  void addCreatesTheTableWithTheSixMetadataColumnsAndRecordsIt() {
    KAFKA.createTopic("orders", 3);

    CommandRun run = run("table", "add", "orders", "--freshness", "1m");

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .startsWith("Added table kafka.orders for topic orders (3 partitions, topic id ")
        .endsWith("The sidecar indexes it every 1m.\n");
    Table table = catalog().loadTable(TableIdentifier.of("kafka", "orders"));
    assertThat(table.schema().asStruct()).isEqualTo(KafkaColumns.SCHEMA.asStruct());
    assertThat(table.schema().findType(KafkaColumns.TIMESTAMP))
        .isEqualTo(Types.TimestampType.withZone());
    assertThat(table.properties())
        .containsEntry("mink.topic", "orders")
        .containsEntry("mink.topic-id", KAFKA.topicId("orders").toString())
        .containsEntry("mink.freshness", "1m")
        .containsEntry("write.delete.mode", "merge-on-read");
    assertThat(((HasTableOperations) table).operations().current().formatVersion())
        .isEqualTo(2);
    assertThat(store().find("kafka.orders")).isPresent();
  }

  @Test
  void unknownTopicIsRefusedAndNothingIsCreated() {
    CommandRun run = run("table", "add", "no_such_topic");

    assertThat(run.exitCode()).isEqualTo(4);
    assertThat(run.err())
        .isEqualTo("Error: Topic 'no_such_topic' does not exist in the Kafka cluster at "
            + KAFKA.bootstrapServers()
            + ": create it first, or check the name (kafka-topics.sh --list shows the topics), "
            + "or wait for it with --wait\n");
    assertNothingCreated("no_such_topic");
  }

  @Test
  void waitAddsTheTopicOnceItIsCreated() throws Exception {
    String topic = "late_" + UUID.randomUUID().toString().substring(0, 8);
    RunningCommand add = mink.start("table", "add", topic, "--wait=60s");
    add.awaitErr(
        "Waiting up to 1m for topic '" + topic + "' to be created in the Kafka cluster at "
            + KAFKA.bootstrapServers() + "\n",
        Duration.ofSeconds(30));

    KAFKA.createTopic(topic, 1);
    CommandRun run = add.await(Duration.ofSeconds(60));

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .startsWith("Added table kafka." + topic + " for topic " + topic + " (1 partition,");
    assertThat(store().find("kafka." + topic)).isPresent();
  }

  @Test
  void waitGivesUpAfterItsDuration() {
    CommandRun run = run("table", "add", "never_created", "--wait=1s");

    assertThat(run.exitCode()).isEqualTo(4);
    assertThat(run.err())
        .isEqualTo(
            "Waiting up to 1s for topic 'never_created' to be created in the Kafka cluster at "
                + KAFKA.bootstrapServers()
                + "\nError: Topic 'never_created' was not created within 1s in the Kafka cluster "
                + "at " + KAFKA.bootstrapServers()
                + ": create it (kafka-topics.sh --create --topic never_created), or check "
                + "the name\n");
    assertNothingCreated("never_created");
  }

  @Test
  void addPrintsTheEntryAsJson() throws Exception {
    KAFKA.createTopic("invoices", 2);

    CommandRun run = run("table", "add", "invoices", "--freshness", "1m", "--output", "json");

    assertThat(run.exitCode()).isZero();
    JsonNode json = new ObjectMapper().readTree(run.out());
    assertThat(json.get("table").asText()).isEqualTo("kafka.invoices");
    assertThat(json.get("topicId").asText()).isEqualTo(KAFKA.topicId("invoices").toString());
    assertThat(json.get("freshness").asText()).isEqualTo("1m");
    assertThat(json.get("state").get("name").asText()).isEqualTo("indexing");
    assertThat(json.get("attached").asBoolean()).isFalse();
    assertThat(json.get("partitions").asInt()).isEqualTo(2);
  }

  @Test
  void topicAddedTwiceIsAConflict() {
    KAFKA.createTopic("payments", 1);
    assertThat(run("table", "add", "payments").exitCode()).isZero();

    CommandRun again = run("table", "add", "payments");

    assertThat(again.exitCode()).isEqualTo(4);
    assertThat(again.err())
        .isEqualTo("Error: Table kafka.payments is already added: see it with mink table list, "
            + "or pick another name with --name or --namespace\n");
  }

  @Test
  void badFreshnessIsAUsageErrorAndNothingIsCreated() {
    KAFKA.createTopic("clicks", 1);

    CommandRun run = run("table", "add", "clicks", "--freshness", "3x");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("Error: Invalid duration '3x' for --freshness: use a number followed by ms, s, "
            + "m, h or d, such as 30s or 3m\n");
    assertNothingCreated("clicks");
  }

  @Test
  void invalidNamespaceIsAUsageError() {
    CommandRun run = run("table", "add", "orders", "--namespace", "1-bad");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "Error: Invalid namespace '1-bad': use ASCII letters, digits and '_', starting with a letter or '_'\n");
  }

  @Test
  void unknownConfigKeyNamesTheValidOnes() throws IOException {
    Path config = Files.writeString(
        workingDirectory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"
        [indexer]
        freshnes = "3m"
        """.formatted(KAFKA.bootstrapServers()));

    CommandRun run = CommandRun.of(
        workingDirectory, Map.of(), "table", "add", "orders", "--config", "mink.toml");

    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err())
        .isEqualTo("Error: Unknown key 'freshnes' in [indexer] of " + config + ": valid keys are "
            + ConfigKey.in(ConfigKey.INDEXER).stream()
                .map(ConfigKey::key)
                .collect(Collectors.joining(", "))
            + "\n");
  }

  @Test
  void badConfigValueSaysWhatToUse() throws IOException {
    Path config = Files.writeString(
        workingDirectory.resolve("mink.toml"), """
        [kafka]
        bootstrap.servers = "%s"
        [indexer]
        writer_threads = 0
        """.formatted(KAFKA.bootstrapServers()));

    CommandRun run =
        CommandRun.of(workingDirectory, Map.of(), "serve", "--config", config.toString());

    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err())
        .isEqualTo("Error: Invalid value 0 for indexer.writer_threads in " + config
            + ": use a whole number of at least 1, such as 4\n");
  }

  @Test
  void missingConfigFileIsAConfigError() {
    CommandRun run = run("serve", "--config", "absent.toml");

    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(run.err())
        .isEqualTo(
            "Error: Config file " + workingDirectory.resolve("absent.toml")
                + " does not exist: pass an existing file with --config, or leave --config out to use the defaults\n");
  }

  @Test
  void unreachableBrokerIsReportedForAddAndServe() {
    Map<String, String> nowhere = Map.of("MINK_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1");

    CommandRun add = CommandRun.of(workingDirectory, nowhere, "table", "add", "orders");
    CommandRun serve = CommandRun.of(workingDirectory, nowhere, "serve");

    for (CommandRun run : new CommandRun[] {add, serve}) {
      assertThat(run.exitCode()).isEqualTo(5);
      assertThat(run.err())
          .isEqualTo("Error: Cannot reach Kafka at 127.0.0.1:1 (no answer within 15s): check "
              + "bootstrap.servers in [kafka] (or --bootstrap) and that the brokers are up\n");
    }
    assertThat(workingDirectory.resolve("mink-warehouse")).doesNotExist();
  }

  @Test
  void unknownSubcommandIsAUsageError() {
    CommandRun run = run("table", "drop", "orders");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("Error: Unmatched arguments from index 1: 'drop', 'orders'")
        .endsWith("mink table --help\n");
  }

  @Test
  void helpShowsExamplesAndExitCodes() {
    CommandRun top = run("--help");
    CommandRun add = run("table", "add", "--help");

    assertThat(top.exitCode()).isZero();
    assertThat(top.out()).contains("Exit codes:", "  4  conflict");
    assertThat(add.out())
        .contains("Usage: mink table add", "--freshness=DURATION", "mink table add orders");
  }

  private void assertNothingCreated(String topic) {
    assertThat(store().find("kafka." + topic)).isEmpty();
    Catalog catalog = catalog();
    assertThat(catalog.tableExists(TableIdentifier.of("kafka", topic))).isFalse();
    if (catalog instanceof SupportsNamespaces namespaces
        && namespaces.namespaceExists(Namespace.of("kafka"))) {
      assertThat(catalog.listTables(Namespace.of("kafka")))
          .noneMatch(identifier -> identifier.name().equals(topic));
    }
  }

  private CommandRun run(String... args) {
    return mink.run(args);
  }

  private Catalog catalog() {
    return mink.lake().catalog();
  }

  private KafkaTableStore store() {
    return mink.store();
  }
}
