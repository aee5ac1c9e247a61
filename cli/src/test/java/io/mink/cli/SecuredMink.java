package io.mink.cli;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.TestRecord;
import io.mink.testkit.security.BrokerAcls;
import io.mink.testkit.security.SecuredListeners;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.common.acl.AclBinding;

/**
 * Mink as {@code User:mink} on a secured test broker: names of its own (tables topic, owners and status topics,
 * groups), the embedded lake in its own directory, and one config file with Mink's credentials in {@code [kafka]},
 * used by {@code mink serve} and every command. ACLs come from docs/operations.md's table ({@link DocumentedAcls}).
 */
final class SecuredMink {
  private final KafkaBroker kafka;
  private final Path directory;
  private final String suffix = UUID.randomUUID().toString().substring(0, 8);
  private final Map<String, String> names;
  private final Path config;

  SecuredMink(KafkaBroker kafka, Path parent) {
    this.kafka = kafka;
    this.directory = parent.resolve("mink-" + suffix);
    this.names = Map.of(
        "_mink_tables", "_tables_" + suffix,
        "_mink_tables-writer", "_tables_" + suffix + "-writer",
        "_mink_owners", "_owners_" + suffix,
        "_mink_status", "_status_" + suffix,
        "mink", "mink_" + suffix,
        "mink.owners", "mink_" + suffix + ".owners");
    this.config = writeConfig();
  }

  /** This Mink's name of a default name of the docs, such as {@code _mink_tables}. */
  String name(String documented) {
    return names.getOrDefault(documented, documented);
  }

  Path config() {
    return config;
  }

  /** A topic of this Mink's, created by the test's admin. */
  String topic(String prefix, int partitions) {
    String topic = prefix + "_" + suffix;
    kafka.createTopic(topic, partitions);
    return topic;
  }

  /** Mink's own topics, made by the test's admin as docs/operations.md says a user who keeps Create may. */
  void createMinkTopics() {
    kafka.createTopic(names.get("_mink_tables"), 1, Map.of("cleanup.policy", "compact"));
    kafka.createTopic(names.get("_mink_owners"), 32);
    kafka.createTopic(names.get("_mink_status"), 1, Map.of("cleanup.policy", "compact"));
  }

  /** {@code count} records, spread over {@code partitions} partitions. */
  void produce(String topic, int partitions, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      records.add(new TestRecord(
          i % partitions,
          null,
          ("record " + i).getBytes(StandardCharsets.UTF_8),
          List.of(),
          1_700_000_000_000L + i));
    }
    kafka.produce(topic, records);
  }

  /** The documented ACLs of these users, with {@code topics} as "the table's topic". */
  List<AclBinding> acls(Collection<String> topics, String... users) {
    return topics.stream()
        .flatMap(topic ->
            DocumentedAcls.read()
                .bindings(SecuredListeners.MINK_PRINCIPAL, namesWith(topic), users)
                .stream())
        .distinct()
        .toList();
  }

  void grant(Collection<AclBinding> acls) {
    new BrokerAcls(kafka.admin()).grant(acls);
  }

  void revoke(Collection<AclBinding> acls) {
    new BrokerAcls(kafka.admin()).revoke(acls);
  }

  CommandRun run(String... args) {
    String[] withConfig = Stream.concat(Stream.of(args), Stream.of("--config", config.toString()))
        .toArray(String[]::new);
    return CommandRun.of(directory, Map.of(), withConfig);
  }

  SidecarProcess serve() {
    return CliSidecars.start(config, 0);
  }

  /** The rows of the table's current snapshot in the lake; 0 before its first. */
  long lakeRows(String table) {
    LakeTables lake = new LakeTables(CatalogLoader.load(lake()));
    TableIdentifier identifier = TableIdentifier.parse(table);
    if (!lake.exists(identifier)) {
      return 0;
    }
    Snapshot snapshot = lake.load(identifier).currentSnapshot();
    return snapshot == null
        ? 0
        : Long.parseLong(snapshot.summary().getOrDefault("total-records", "0"));
  }

  /** The entry of the table in this Mink's tables topic, read by the test's admin. */
  Optional<TableDescriptor> entry(String table) {
    Map<String, String> admin = new HashMap<>();
    kafka.clientProperties().forEach((key, value) -> admin.put(key, value.toString()));
    try (KafkaTableStore store = new KafkaTableStore(
        new KafkaClientFactory(admin, "mink-test"), names.get("_mink_tables"))) {
      return store.find(table);
    }
  }

  boolean inLake(String table) {
    return new LakeTables(CatalogLoader.load(lake())).exists(TableIdentifier.parse(table));
  }

  LakeSettings lake() {
    return LakeSettings.embedded(directory.resolve(LakeSettings.EMBEDDED_DIRECTORY));
  }

  private Map<String, String> namesWith(String topic) {
    Map<String, String> all = new HashMap<>(names);
    all.put(DocumentedAcls.TABLES_TOPIC, topic);
    return all;
  }

  private Path writeConfig() {
    Map<String, String> kafkaSettings = new TreeMap<>(kafka.minkClientProperties());
    String kafkaSection = kafkaSettings.entrySet().stream()
        .map(setting -> "\"" + setting.getKey() + "\" = '" + setting.getValue() + "'")
        .collect(Collectors.joining("\n"));
    try {
      Files.createDirectories(directory);
      return Files.writeString(directory.resolve("mink.toml"), """
          [kafka]
          %s

          [lake]
          catalog = "jdbc"
          uri = "%s"
          warehouse = "%s"

          [indexer]
          poll_interval = "200ms"
          writer_threads = 1
          tables_topic = "%s"
          owners_topic = "%s"
          status_topic = "%s"
          group_id = "%s"
          """.formatted(
              kafkaSection,
              lake().uri(),
              lake().warehouse(),
              names.get("_mink_tables"),
              names.get("_mink_owners"),
              names.get("_mink_status"),
              names.get("mink")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
