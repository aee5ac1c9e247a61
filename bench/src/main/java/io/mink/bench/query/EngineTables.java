package io.mink.bench.query;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.query.read.TopicIds;
import io.mink.query.read.UnionRead;
import io.mink.query.sql.QueryTables;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * The tables of the benchmark's in-process sidecar as mink-query finds them: its tables topic, its lake, its broker,
 * and one registry decoder and one Kafka admin for the engine's life, as a long-running mink-query holds them.
 */
final class EngineTables implements QueryTables, AutoCloseable {
  private final InProcessSidecar sidecar;
  private final PartDecoder decoder;
  private final Optional<Path> localLake;
  private final Admin admin;

  /** @param localLake the warehouse directory when DuckDB is to read the data files itself */
  EngineTables(InProcessSidecar sidecar, PartDecoder decoder, Optional<Path> localLake) {
    this.sidecar = sidecar;
    this.decoder = decoder;
    this.localLake = localLake;
    this.admin = sidecar.clients.admin();
  }

  @Override
  public List<TableDescriptor> tables() {
    return sidecar.store.list();
  }

  @Override
  public Table load(TableDescriptor table) {
    return sidecar.table(table);
  }

  @Override
  public Consumer<byte[], byte[]> newConsumer() {
    return sidecar.clients.rawConsumer("query", UnionRead.CONSUMER_SETTINGS);
  }

  @Override
  public TopicIds topicIds() {
    return TopicIds.of(admin);
  }

  @Override
  public Optional<PartDecoder> decoder() {
    return Optional.of(decoder);
  }

  @Override
  public Optional<Path> localLake() {
    return localLake;
  }

  @Override
  public void close() {
    admin.close();
  }
}
