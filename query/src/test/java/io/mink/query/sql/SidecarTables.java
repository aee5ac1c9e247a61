package io.mink.query.sql;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.query.read.TopicIds;
import io.mink.query.read.UnionRead;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.TableDescriptor;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.Consumer;

/** The tables of an in-process sidecar, as mink-query finds them: its tables topic, its lake, its broker. */
public final class SidecarTables implements QueryTables {
  private final InProcessSidecar sidecar;
  private final Optional<PartDecoder> decoder;
  private final Optional<Path> localLake;

  public SidecarTables(
      InProcessSidecar sidecar, Optional<PartDecoder> decoder, Optional<Path> localLake) {
    this.sidecar = sidecar;
    this.decoder = decoder;
    this.localLake = localLake;
  }

  public SidecarTables(InProcessSidecar sidecar, Optional<PartDecoder> decoder) {
    this(sidecar, decoder, Optional.empty());
  }

  public SidecarTables(InProcessSidecar sidecar) {
    this(sidecar, Optional.empty());
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
    return new KafkaClientFactory(
            Map.of("bootstrap.servers", sidecar.clients.bootstrapServers()), "mink-query-test")
        .rawConsumer("query", UnionRead.CONSUMER_SETTINGS);
  }

  @Override
  public TopicIds topicIds() {
    return TopicIds.connecting(sidecar.clients);
  }

  @Override
  public Optional<PartDecoder> decoder() {
    return decoder;
  }

  @Override
  public Optional<Path> localLake() {
    return localLake;
  }
}
