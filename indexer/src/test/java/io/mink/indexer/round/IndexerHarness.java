package io.mink.indexer.round;

import io.mink.indexer.schedule.TieringService;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.schema.KafkaColumns;
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
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.admin.Admin;

/** A sidecar's parts wired to a test broker and warehouse, each with its own catalog connection. */
public final class IndexerHarness implements AutoCloseable {
  public final KafkaClientFactory clients;
  public final KafkaTableStore store;
  public final LakeTables lake;
  public final TieringService service;

  public IndexerHarness(String bootstrapServers, LakeSettings lakeSettings, String tablesTopic) {
    this(bootstrapServers, lakeSettings, tablesTopic, 128L * 1024 * 1024);
  }

  public IndexerHarness(String bootstrapServers, LakeSettings lakeSettings, String tablesTopic, long targetFileSizeBytes) {
    this(bootstrapServers, lakeSettings, tablesTopic, targetFileSizeBytes, null);
  }

  public IndexerHarness(String bootstrapServers, LakeSettings lakeSettings, String tablesTopic, long targetFileSizeBytes,
      PartDecoder decoder) {
    this.clients = new KafkaClientFactory(Map.of("bootstrap.servers", bootstrapServers), "mink-test");
    this.store = new KafkaTableStore(clients, tablesTopic);
    this.lake = new LakeTables(CatalogLoader.load(lakeSettings));
    this.service = new TieringService(store, lake, clients, new LakeCommitter(CommitHook.NONE), 2,
        targetFileSizeBytes, Duration.ofMillis(200), "mink-test", decoder, Clock.systemUTC());
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
  }

  public TableDescriptor add(String topic, Duration freshness) {
    TableDescriptor descriptor = new TableDescriptor("kafka", TableDescriptor.tableNameFor(topic), topic, null,
        freshness, Map.of(), Instant.now());
    lake.create(TieringService.identifier(descriptor),
        MinkTableLayout.properties(topic, null, 128L * 1024 * 1024, Map.of()));
    store.put(descriptor);
    return descriptor;
  }

  public RoundResult runRound(TableDescriptor descriptor) {
    try (var consumer = service.newConsumer()) {
      return service.runRound(descriptor, consumer);
    }
  }

  public Table table(TableDescriptor descriptor) {
    return lake.load(TieringService.identifier(descriptor));
  }

  public LakeOffsets offsets(TableDescriptor descriptor) {
    return MinkSnapshot.newest(((HasTableOperations) table(descriptor)).operations().current())
        .map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
  }

  public List<Record> rows(TableDescriptor descriptor) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table(descriptor)).build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  public static String offsetKey(Record row) {
    return row.getField(KafkaColumns.PARTITION) + "@" + row.getField(KafkaColumns.OFFSET);
  }

  public static String uniqueTopic(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  @Override
  public void close() {
    service.close();
    store.close();
  }
}
