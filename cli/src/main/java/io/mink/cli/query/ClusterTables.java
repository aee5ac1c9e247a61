package io.mink.cli.query;

import io.mink.cli.operations.LakeReader;
import io.mink.cli.operations.TableStoreSession;
import io.mink.indexer.config.MinkConfig;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.errors.MinkException;
import io.mink.query.read.TopicIds;
import io.mink.query.read.UnionRead;
import io.mink.query.sql.QueryTables;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.AddedTables;
import io.mink.tables.TableDescriptor;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.clients.consumer.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mink's tables as the configuration finds them: the tables topic, the lake's catalog, the Kafka cluster and the
 * schema registry. Failures are those of the mink commands: Kafka or the catalog away is external (exit code 5), an
 * added table without its Iceberg table a conflict (exit code 4).
 */
final class ClusterTables implements QueryTables, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterTables.class);

  private final TableStoreSession session;
  private final LakeReader lake;
  private final Optional<PartDecoder> decoder;
  private final Optional<Path> localLake;
  private final Set<String> warnedNewer = new HashSet<>();

  private ClusterTables(
      TableStoreSession session,
      LakeReader lake,
      Optional<PartDecoder> decoder,
      Optional<Path> localLake) {
    this.session = session;
    this.lake = lake;
    this.decoder = decoder;
    this.localLake = localLake;
  }

  static ClusterTables open(MinkConfig config) {
    TableStoreSession session = TableStoreSession.open(config);
    try {
      return new ClusterTables(
          session,
          LakeReader.open(config.lake()),
          RegistryDecoders.from(config.schemaRegistry()),
          QueryTables.localDirectory(config.lake().warehouse()));
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  /**
   * The added tables; one whose entry is of a newer format than this Mink reads is left out, with a warning the
   * first time this mink-query meets that entry.
   */
  @Override
  public synchronized List<TableDescriptor> tables() {
    AddedTables added = session.added();
    added.newer().stream()
        .map(Exception::getMessage)
        .filter(warnedNewer::add)
        .forEach(message -> LOG.warn("Leaving out {}", message));
    return added.tables();
  }

  @Override
  public Table load(TableDescriptor table) {
    try {
      return lake.load(table);
    } catch (NoSuchTableException e) {
      throw MinkException.conflict(
          "Table " + table.qualifiedName()
              + " has no Iceberg table in the catalog: mink table show " + table.qualifiedName()
              + " says why",
          e);
    }
  }

  @Override
  public Consumer<byte[], byte[]> newConsumer() {
    return session.clients().rawConsumer("query", UnionRead.CONSUMER_SETTINGS);
  }

  @Override
  public TopicIds topicIds() {
    return TopicIds.of(session.admin());
  }

  @Override
  public Optional<PartDecoder> decoder() {
    return decoder;
  }

  @Override
  public void close() {
    session.close();
  }

  @Override
  public Optional<Path> localLake() {
    return localLake;
  }
}
