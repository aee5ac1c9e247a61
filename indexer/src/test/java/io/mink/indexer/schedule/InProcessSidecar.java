package io.mink.indexer.schedule;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.admin.Admin;

/** One sidecar instance in this JVM: its own clients, catalog connection and a thread running its service. */
final class InProcessSidecar implements AutoCloseable {
  final KafkaClientFactory clients;
  final KafkaTableStore store;
  final LakeTables lake;
  final TieringService service;
  private final Thread thread;

  InProcessSidecar(String bootstrapServers, LakeSettings lakeSettings, String tablesTopic, TieringSettings settings) {
    clients = new KafkaClientFactory(Map.of("bootstrap.servers", bootstrapServers), "mink-in-process");
    store = new KafkaTableStore(clients, tablesTopic);
    lake = new LakeTables(CatalogLoader.load(lakeSettings));
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
    service = new TieringService(store, lake, clients, CommitHook.NONE, settings, null, Clock.systemUTC());
    thread = new Thread(service::run, "in-process-sidecar");
    thread.start();
  }

  /** Creates the Iceberg table of the topic and records it as added, with {@code topicId} (null: unknown). */
  TableDescriptor add(String topic, String topicId, Duration freshness) {
    TableDescriptor descriptor = new TableDescriptor("kafka", TableDescriptor.tableNameFor(topic), topic, topicId,
        freshness, Map.of(), Instant.now());
    lake.create(TieringService.identifier(descriptor), MinkTableLayout.properties(topic, topicId, 128L << 20,
        Map.of()));
    if (!store.add(descriptor)) {
      throw new IllegalStateException("Table " + descriptor.qualifiedName() + " is added already");
    }
    return descriptor;
  }

  /** The tables this instance owns now. */
  Set<String> tables() {
    Set<String> tables = new HashSet<>();
    service.statusBoard().all().forEach(status -> tables.add(status.table()));
    return tables;
  }

  Table table(TableDescriptor descriptor) {
    return lake.load(TieringService.identifier(descriptor));
  }

  LakeOffsets offsets(TableDescriptor descriptor) {
    return MinkSnapshot.newest(((HasTableOperations) table(descriptor)).operations().current())
        .map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
  }

  @Override
  public void close() {
    service.stop();
    try {
      thread.join(30_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    service.close();
    store.close();
  }
}
