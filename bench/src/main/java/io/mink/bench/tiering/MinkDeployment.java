package io.mink.bench.tiering;

import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.schedule.TieringService;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;

/**
 * One Mink deployment of its own for a part of the benchmark: the embedded lake (an Iceberg JDBC catalog on
 * SQLite and its warehouse) in a directory, its own tables, group, ownership and status topics, and the
 * mink.toml its sidecars read. Tables are added the way {@code mink table add} adds them: the Iceberg table
 * with Mink's layout, then the descriptor in the tables topic.
 */
final class MinkDeployment implements AutoCloseable {
  private final KafkaBroker broker;
  private final String name;
  private final Path directory;
  private final LakeSettings lake;
  private final Catalog catalog;
  private final KafkaClientFactory clients;
  private final KafkaTableStore store;
  private final IndexerSettings defaults = IndexerSettings.defaults();
  private final Map<String, TableIdentifier> tables = new HashMap<>();
  private String schemaRegistryUrl;

  private MinkDeployment(KafkaBroker broker, String name, Path directory) {
    this.broker = broker;
    this.name = name;
    this.directory = directory;
    this.lake = LakeSettings.embedded(directory.resolve(LakeSettings.EMBEDDED_DIRECTORY));
    this.catalog = CatalogLoader.load(lake);
    this.clients = new KafkaClientFactory(
        Map.of(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()),
        "mink-bench-" + name);
    this.store = new KafkaTableStore(clients, tablesTopic());
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
  }

  /** A deployment named {@code name} (a word: it names topics and the group) in {@code parent}/name. */
  static MinkDeployment create(KafkaBroker broker, String name, Path parent) {
    try {
      return new MinkDeployment(broker, name, Files.createDirectories(parent.resolve(name)));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create the benchmark directory " + parent.resolve(name), e);
    }
  }

  Path directory() {
    return directory;
  }

  private String tablesTopic() {
    return "_mink_tables_" + name;
  }

  /** Adds the topic as table kafka.TOPIC (dashes as underscores) with the given freshness; returns its identifier. */
  TableIdentifier addTable(String topic, Duration freshness) {
    String topicId = broker.topicId(topic).toString();
    TableDescriptor descriptor = new TableDescriptor(
        defaults.namespace(),
        TableDescriptor.tableNameFor(topic),
        topic,
        topicId,
        freshness,
        Map.of(),
        Instant.now());
    TableIdentifier identifier = TieringService.identifier(descriptor);
    new LakeTables(catalog)
        .create(
            identifier,
            MinkTableLayout.properties(topic, topicId, defaults.targetFileSizeBytes(), Map.of()));
    store.put(descriptor);
    tables.put(topic, identifier);
    return identifier;
  }

  /** The table added for {@code topic}; throws when none was. */
  TableIdentifier table(String topic) {
    TableIdentifier identifier = tables.get(topic);
    if (identifier == null) {
      throw new IllegalStateException("Topic " + topic + " was not added as a table of " + name);
    }
    return identifier;
  }

  /** From now on every sidecar's mink.toml decodes through the Confluent-compatible registry at {@code url}. */
  void useSchemaRegistry(String url) {
    this.schemaRegistryUrl = url;
  }

  /**
   * Writes the mink.toml of sidecar {@code instance}: this deployment's Kafka, lake and topics, the HTTP server
   * on {@code httpPort} of 127.0.0.1, and {@code indexer} keys on top (such as workers).
   */
  Path writeConfig(int instance, int httpPort, Map<String, String> indexer) {
    StringBuilder extra = new StringBuilder();
    indexer.forEach(
        (key, value) -> extra.append(key).append(" = ").append(value).append('\n'));
    String toml = """
        [kafka]
        bootstrap.servers = "%s"

        [lake]
        catalog = "jdbc"
        uri = "%s"
        warehouse = "%s"

        [indexer]
        tables_topic = "%s"
        group_id = "mink-%s"
        owners_topic = "_mink_owners_%s"
        status_topic = "_mink_status_%s"
        http_bind_address = "127.0.0.1"
        http_port = %d
        %s%s""".formatted(
            broker.bootstrapServers(),
            lake.uri(),
            lake.warehouse(),
            tablesTopic(),
            name,
            name,
            name,
            httpPort,
            extra,
            schemaRegistryUrl == null
                ? ""
                : "\n[schema_registry]\nurl = \"" + schemaRegistryUrl + "\"\n");
    try {
      return Files.writeString(directory.resolve("mink-" + instance + ".toml"), toml);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the sidecar's configuration in " + directory, e);
    }
  }

  Table load(TableIdentifier identifier) {
    return catalog.loadTable(identifier);
  }

  /** The offsets of the table's newest Mink snapshot, NONE before the first. */
  LakeOffsets lakeOffsets(TableIdentifier identifier) {
    return MinkSnapshot.newest(metadata(identifier))
        .map(MinkSnapshot::offsets)
        .orElse(LakeOffsets.NONE);
  }

  /** The table's Mink snapshots, oldest first (by sequence number). */
  List<MinkSnapshot> minkSnapshots(TableIdentifier identifier) {
    List<MinkSnapshot> snapshots = new ArrayList<>();
    metadata(identifier).snapshots().stream()
        .filter(MinkSnapshot::isMink)
        .map(MinkSnapshot::of)
        .forEach(snapshots::add);
    snapshots.sort(Comparator.comparingLong(MinkSnapshot::sequenceNumber));
    return snapshots;
  }

  private TableMetadata metadata(TableIdentifier identifier) {
    return ((HasTableOperations) catalog.loadTable(identifier)).operations().current();
  }

  /** A port nothing listens on now, for a sidecar's HTTP server. */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port for the sidecar's HTTP server", e);
    }
  }

  @Override
  public void close() {
    store.close();
    if (catalog instanceof Closeable closeable) {
      try {
        closeable.close();
      } catch (IOException e) {
        // the catalog's connections go with the JVM
      }
    }
  }
}
