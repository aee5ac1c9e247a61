package io.mink.indexer.interop;

import io.mink.indexer.round.RoundResult;
import io.mink.indexer.schedule.TieringService;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.admin.Admin;

/** A sidecar that decodes through a registry, wired to a test broker and warehouse: add a topic, run a round, read. */
final class InteropSidecar implements AutoCloseable {
  private static final long TARGET_FILE_SIZE = 128L * 1024 * 1024;

  private final KafkaTableStore store;
  private final LakeTables lake;
  private final TieringService service;

  InteropSidecar(String bootstrapServers, LakeSettings lakeSettings, PartDecoder decoder) {
    KafkaClientFactory clients = new KafkaClientFactory(Map.of("bootstrap.servers", bootstrapServers), "mink-interop");
    this.store = new KafkaTableStore(clients, "_tables");
    this.lake = new LakeTables(CatalogLoader.load(lakeSettings));
    this.service = new TieringService(store, lake, clients, new LakeCommitter(CommitHook.NONE), 2, TARGET_FILE_SIZE,
        Duration.ofMillis(200), "mink-interop", decoder, Clock.systemUTC());
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
  }

  TableDescriptor add(String topic) {
    return add(topic, Map.of());
  }

  /** Adds the topic's table with table options, such as time-as. */
  TableDescriptor add(String topic, Map<String, String> options) {
    TableDescriptor descriptor = new TableDescriptor("kafka", TableDescriptor.tableNameFor(topic), topic, null,
        Duration.ofMinutes(3), options, Instant.now());
    lake.create(TieringService.identifier(descriptor), MinkTableLayout.properties(topic, null, TARGET_FILE_SIZE,
        options));
    store.put(descriptor);
    return descriptor;
  }

  /** Records the table with other options, as mink table alter does; the next round takes them. */
  TableDescriptor alter(TableDescriptor descriptor, Map<String, String> options) {
    TableDescriptor altered = descriptor.withOptions(options);
    store.put(altered);
    return altered;
  }

  RoundResult runRound(TableDescriptor descriptor) {
    try (var consumer = service.newConsumer()) {
      return service.runRound(descriptor, consumer);
    }
  }

  Table table(TableDescriptor descriptor) {
    return lake.load(TieringService.identifier(descriptor));
  }

  /** Every row of the table, by Kafka offset. */
  List<Record> rowsByOffset(TableDescriptor descriptor) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table(descriptor)).build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    rows.sort(Comparator.comparingLong(row -> (Long) row.getField("_kafka_offset")));
    return rows;
  }

  @Override
  public void close() {
    service.close();
    store.close();
  }
}
