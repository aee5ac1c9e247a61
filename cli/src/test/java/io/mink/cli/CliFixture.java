package io.mink.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * What a CLI test works with: a tables topic and group of its own on the class's broker, the embedded lake in its
 * working directory, runs of the mink command, and rounds run in the test's JVM as a sidecar would run them.
 */
final class CliFixture {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final KafkaBroker kafka;
  private final Path workingDirectory;
  private final String suffix = UUID.randomUUID().toString().substring(0, 8);
  private final Map<String, String> variables;

  CliFixture(KafkaBroker kafka, Path workingDirectory) {
    this.kafka = kafka;
    this.workingDirectory = workingDirectory;
    this.variables = Map.of(
        "MINK_KAFKA_BOOTSTRAP_SERVERS",
        kafka.bootstrapServers(),
        "MINK_INDEXER_TABLES_TOPIC",
        "_tables_" + suffix,
        "MINK_INDEXER_GROUP_ID",
        "mink_" + suffix);
  }

  Map<String, String> variables() {
    return variables;
  }

  /** The consumer group whose members are the sidecar instances. */
  String ownersGroup() {
    return variables.get("MINK_INDEXER_GROUP_ID") + ".owners";
  }

  CommandRun run(String... args) {
    return CommandRun.of(workingDirectory, variables, args);
  }

  RunningCommand start(String... args) {
    return RunningCommand.start(workingDirectory, variables, false, args);
  }

  /** A topic of its own for the test, created with {@code partitions} partitions. */
  String topic(String prefix, int partitions) {
    String topic = prefix + "_" + suffix;
    kafka.createTopic(topic, partitions);
    return topic;
  }

  void produce(String topic, int partition, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          partition,
          null,
          ("record " + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          System.currentTimeMillis()));
    }
    kafka.produce(topic, records);
  }

  static JsonNode json(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  KafkaTableStore store() {
    return new KafkaTableStore(
        new KafkaClientFactory(Map.of("bootstrap.servers", kafka.bootstrapServers()), "mink-test"),
        variables.get("MINK_INDEXER_TABLES_TOPIC"));
  }

  TableDescriptor entry(String table) {
    try (KafkaTableStore store = store()) {
      return store.find(table).orElseThrow(() -> new AssertionError("No entry for " + table));
    }
  }

  LakeTables lake() {
    return new LakeTables(CatalogLoader.load(
        LakeSettings.embedded(workingDirectory.resolve(LakeSettings.EMBEDDED_DIRECTORY))));
  }

  Table icebergTable(String table) {
    return lake().load(TableIdentifier.parse(table));
  }

  /** One round of the table, to the end offsets of now, as a sidecar's would be. */
  RoundResult round(String table) {
    return round(table, null);
  }

  /** One round of the table, decoding through {@code decoder} (null: no registry), as a sidecar's would be. */
  RoundResult round(String table, PartDecoder decoder) {
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", kafka.bootstrapServers()), "mink-test");
    try (KafkaTableStore store = store();
        RoundRunner rounds =
            new RoundRunner(lake(), clients, RoundRunner.settings(1, 128L << 20), decoder)) {
      return rounds.run(store.find(table).orElseThrow());
    }
  }
}
