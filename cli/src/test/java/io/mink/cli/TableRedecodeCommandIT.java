package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.FramedOrders;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.SchemaType;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mink read --raw} and {@code mink table redecode} on a table whose values a wrong registry left raw: the raw
 * view gives each part the reason the configured registry gives it now, and the redecode types them, once.
 */
class TableRedecodeCommandIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @TempDir
  Path workingDirectory;

  private final FakeSchemaRegistry registry = FakeSchemaRegistry.start();
  private final FakeSchemaRegistry emptyRegistry = FakeSchemaRegistry.start();
  private String tablesTopic;

  @BeforeEach
  void tablesTopic() {
    tablesTopic = "_tables_" + UUID.randomUUID().toString().substring(0, 8);
  }

  @AfterEach
  void stopRegistries() {
    registry.close();
    emptyRegistry.close();
  }

  @Test
  void theRawViewNamesTheReasonsAndRedecodeTypesTheRowsOnce() throws Exception {
    String topic = "redecode_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 2);
    int schemaId = registry
        .register(topic + "-value", SchemaType.AVRO, FramedOrders.ORDER.toString())
        .id();
    assertThat(run(emptyRegistry, "table", "add", topic).exitCode()).isZero();
    FramedOrders.produceOrders(KAFKA, topic, schemaId, 0, 40, 2);
    FramedOrders.producePlain(KAFKA, topic, 1, 3);
    TableDescriptor descriptor = store().find("kafka." + topic).orElseThrow();
    try (RoundRunner rounds = rounds(emptyRegistry)) {
      rounds.run(descriptor);
    }

    CommandRun wrongView =
        run(emptyRegistry, "read", "kafka." + topic, "--raw", "--output", "json");
    assertThat(wrongView.err()).startsWith("83 rows, ");
    assertThat(reasons(wrongView))
        .as("the orders' plain keys have no schema id, nor have the plain records")
        .isEqualTo(
            Map.of("key.no-schema-id", 40, "value.unknown-schema", 40, "value.no-schema-id", 3));
    CommandRun rightView = run(
        registry,
        "read",
        "kafka." + topic,
        "--raw",
        "--mode",
        "lake",
        "--output",
        "json",
        "--limit",
        "5");
    assertThat(reasons(rightView)).isEqualTo(Map.of("key.no-schema-id", 3, "value.decodes-now", 2));

    CommandRun redecode = run(registry, "table", "redecode", "kafka." + topic);

    assertThat(redecode.err()).isEmpty();
    assertThat(redecode.exitCode()).isZero();
    assertThat(redecode.out())
        .startsWith("Table kafka." + topic
            + ": 40 raw parts decode now (value.unknown-schema 40). 2 data files"
            + " rewritten in snapshot ")
        .endsWith(", 0 left as they were.\n");
    assertThat(reasons(run(registry, "read", "kafka." + topic, "--raw", "--output", "json")))
        .isEqualTo(Map.of("key.no-schema-id", 40, "value.no-schema-id", 3));
    CommandRun again = run(registry, "table", "redecode", "kafka." + topic, "--output", "json");
    JsonNode json = JSON.readTree(again.out());
    assertThat(json.get("snapshotId").isNull()).isTrue();
    assertThat(json.get("filesRead").asInt()).as("both files hold raw keys").isEqualTo(2);
    assertThat(json.get("filesRewritten").asInt()).isZero();
    CommandRun typed = run(
        registry,
        "read",
        "kafka." + topic,
        "--mode",
        "lake",
        "--columns",
        "id,customer",
        "--where",
        "id = 7",
        "--output",
        "json");
    assertThat(typed.out()).isEqualTo("{\"id\":7,\"customer\":\"customer 7\"}\n");
  }

  @Test
  void redecodeWithoutARegistryOrWithABadReasonSaysWhatToDo() {
    String topic = "noregistry_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 1);
    assertThat(run(null, "table", "add", topic).exitCode()).isZero();

    CommandRun noRegistry = run(null, "table", "redecode", "kafka." + topic);
    CommandRun badReason = run(registry, "table", "redecode", "kafka." + topic, "--reason", "bad");

    assertThat(noRegistry.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(noRegistry.err())
        .isEqualTo(
            "Error: No schema registry is configured, so nothing can decode the raw rows of table kafka."
                + topic
                + ": set [schema_registry] in the config file, then run mink table redecode kafka."
                + topic
                + " again\n");
    assertThat(badReason.exitCode()).isEqualTo(ExitCode.USAGE.code());
    assertThat(badReason.err())
        .startsWith("Error: Unknown --reason bad: use one of no-schema-id, unknown-schema, ");
  }

  private static Map<String, Integer> reasons(CommandRun run) throws Exception {
    assertThat(run.exitCode()).as(run.err()).isZero();
    Map<String, Integer> counts = new HashMap<>();
    for (String line : run.out().split("\n")) {
      if (!line.isBlank()) {
        JsonNode part = JSON.readTree(line);
        counts.merge(
            part.get("part").asText() + "." + part.get("reason").asText(), 1, Integer::sum);
      }
    }
    return counts;
  }

  private RoundRunner rounds(FakeSchemaRegistry answering) {
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    return new RoundRunner(
        new LakeTables(CatalogLoader.load(
            LakeSettings.embedded(workingDirectory.resolve(LakeSettings.EMBEDDED_DIRECTORY)))),
        clients,
        RoundRunner.settings(1, 128L << 20),
        RegistryDecoders.forRegistry(
            ConfluentRegistryClient.create(ConfluentRegistrySettings.of(answering.url()))));
  }

  private KafkaTableStore store() {
    return new KafkaTableStore(
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test"),
        tablesTopic);
  }

  private CommandRun run(FakeSchemaRegistry answering, String... args) {
    Map<String, String> variables = new HashMap<>(Map.of(
        "MINK_KAFKA_BOOTSTRAP_SERVERS",
        KAFKA.bootstrapServers(),
        "MINK_INDEXER_TABLES_TOPIC",
        tablesTopic));
    if (answering != null) {
      variables.put("MINK_SCHEMA_REGISTRY_URL", answering.url());
    }
    List<String> all = new ArrayList<>(List.of(args));
    return CommandRun.of(workingDirectory, variables, all.toArray(String[]::new));
  }
}
