package io.mink.spark;

import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.errors.MinkException;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.TopicIds;
import io.mink.query.read.UnionRead;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * What a driver or an executor holds open to read Mink's tables: Kafka's admin and the tables topic, the lake's
 * catalog and the schema registry's decoder, all of one configuration.
 */
final class MinkConnection implements AutoCloseable {
  private static final Duration KAFKA_TIMEOUT = Duration.ofSeconds(30);

  private final KafkaClientFactory clients;
  private final Admin admin;
  private final KafkaTableStore store;
  private final Catalog lake;
  private final io.mink.query.MinkCatalog catalog;
  private final Optional<PartDecoder> decoder;

  private MinkConnection(
      KafkaClientFactory clients,
      Admin admin,
      KafkaTableStore store,
      Catalog lake,
      Optional<PartDecoder> decoder) {
    this.clients = clients;
    this.admin = admin;
    this.store = store;
    this.lake = lake;
    this.catalog = new io.mink.query.MinkCatalog(lake, store);
    this.decoder = decoder;
  }

  static MinkConnection open(SparkOptions options, String purpose) {
    MinkConfig config = options.load();
    KafkaClientFactory clients =
        new KafkaClientFactory(config.kafka(), "mink-spark-" + purpose, config.minkTopics());
    Admin admin = clients.admin((int) KAFKA_TIMEOUT.toMillis());
    KafkaTableStore store = new KafkaTableStore(clients, config.indexer().tablesTopic());
    Catalog lake;
    try {
      lake = CatalogLoader.load(config.lake());
    } catch (RuntimeException e) {
      store.close();
      admin.close();
      throw MinkException.external(
          "Cannot open the " + config.lake().catalog() + " catalog at "
              + config.lake().location() + " (" + e.getMessage()
              + "): check the lake.* options of the Spark catalog and that the catalog is up",
          e);
    }
    return new MinkConnection(
        clients, admin, store, lake, RegistryDecoders.from(config.schemaRegistry()));
  }

  /** Mink's catalog of the indexing tables, which refuses the others as {@code mink read} does. */
  io.mink.query.MinkCatalog catalog() {
    return catalog;
  }

  /**
   * The table's descriptor and its Iceberg table; empty when no table of that name is added. A table that is added
   * but not indexing is refused as {@code mink read} refuses it, saying which state it is in and why.
   */
  Optional<Loaded> load(TableIdentifier identifier) {
    Optional<TableDescriptor> descriptor = store.find(identifier.toString());
    if (descriptor.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(new Loaded(descriptor.get(), catalog.loadTable(identifier)));
    } catch (NoSuchTableException e) {
      throw MinkException.conflict(e.getMessage(), e);
    }
  }

  /**
   * The table of a descriptor the driver loaded, from the lake's catalog alone: a task reads at the driver's read
   * point, so it does not read the tables topic again.
   */
  Loaded loadLake(TableDescriptor descriptor) {
    TableIdentifier identifier =
        TableIdentifier.of(Namespace.of(descriptor.namespace()), descriptor.name());
    try {
      return new Loaded(descriptor, lake.loadTable(identifier));
    } catch (NoSuchTableException e) {
      throw MinkException.conflict(
          "Table " + identifier + " was removed after the query was planned: "
              + "mink table list shows the tables",
          e);
    }
  }

  record Loaded(TableDescriptor descriptor, Table table) {}

  TopicIds topicIds() {
    return TopicIds.of(admin);
  }

  Optional<PartDecoder> decoder() {
    return decoder;
  }

  /**
   * The request's read point, taken now (or the one it names {@link ReadRequest#at at}), and the schema a read at
   * that point returns, settled from the tail's schema ids without reading its rows.
   */
  Settled settle(Loaded loaded, ReadRequest request, Duration registryWait) {
    try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
      UnionRead read = new UnionRead(
              loaded.table(), loaded.descriptor(), consumer, topicIds(), decoder, ReadProgress.NONE)
          .waitingForRegistry(registryWait);
      ReadPoint point = read.point(request);
      return new Settled(point, SettledSchema.of(read.readSchema(request.at(point))));
    }
  }

  record Settled(ReadPoint point, SettledSchema schema) {}

  /** A consumer for one read, closed by the caller. */
  KafkaConsumer<byte[], byte[]> consumer() {
    return clients.rawConsumer("read", UnionRead.CONSUMER_SETTINGS);
  }

  /** A consumer for one read with these settings over the read's, closed by the caller. */
  KafkaConsumer<byte[], byte[]> consumer(Map<String, Object> settings) {
    Map<String, Object> merged = new HashMap<>(UnionRead.CONSUMER_SETTINGS);
    merged.putAll(settings);
    return clients.rawConsumer("read", merged);
  }

  @Override
  public void close() {
    try {
      store.close();
      admin.close();
      if (lake instanceof AutoCloseable closeable) {
        closeable.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close the lake's catalog", e);
    } catch (Exception e) {
      throw new IllegalStateException("Cannot close the lake's catalog: " + e.getMessage(), e);
    }
  }
}
