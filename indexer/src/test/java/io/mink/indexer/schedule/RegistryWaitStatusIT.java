package io.mink.indexer.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.stats.MetricsSnapshot;
import io.mink.indexer.stats.PrometheusText;
import io.mink.indexer.stats.PublishedStatus;
import io.mink.indexer.stats.StatusCodec;
import io.mink.indexer.stats.TableStatus;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.schema.registry.SchemaType;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A registry that refuses Mink's credentials holds the table's round, and says so: the table's status, the status
 * topic's record and /metrics show the wait and the registry's answer, while no record turns raw.
 */
class RegistryWaitStatusIT {
  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aRoundWaitingForARegistryThatRefusesItsCredentialsShowsTheWaitAndWhy() throws Exception {
    String topic = "refused_" + UUID.randomUUID().toString().substring(0, 8);
    KAFKA.createTopic(topic, 1);
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.startWithBasicAuth("mink", "right")) {
      int id =
          registry.register(topic + "-value", SchemaType.AVRO, "\"string\"").id();
      List<TestRecord> records = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        records.add(new TestRecord(
            0,
            null,
            ByteBuffer.allocate(6).put((byte) 0).putInt(id).put((byte) 0).array(),
            List.of(),
            null));
      }
      KAFKA.produce(topic, records);
      SchemaRegistrySettings wrongCredentials = MinkConfigLoader.load(
              null,
              Map.of(
                  "MINK_KAFKA_BOOTSTRAP_SERVERS",
                  KAFKA.bootstrapServers(),
                  "MINK_SCHEMA_REGISTRY_URL",
                  registry.url(),
                  "MINK_SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO",
                  "mink:wrong",
                  "MINK_SCHEMA_REGISTRY_REQUEST_TIMEOUT",
                  "2s"),
              warehouse.directory())
          .schemaRegistry();
      String suffix = UUID.randomUUID().toString().substring(0, 8);
      KafkaClientFactory clients = new KafkaClientFactory(
          Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
      LakeTables lake = new LakeTables(CatalogLoader.load(warehouse.lakeSettings()));
      try (KafkaTableStore store = new KafkaTableStore(clients, "_tables_" + suffix)) {
        try (Admin admin = clients.admin()) {
          store.ensureTopic(admin);
        }
        TableDescriptor table = new TableDescriptor(
            "kafka", topic, topic, null, Duration.ofMinutes(1), Map.of(), Instant.now());
        lake.create(
            TieringService.identifier(table),
            MinkTableLayout.properties(topic, null, 128L << 20, Map.of()));
        store.add(table);
        TieringService service = new TieringService(
            store,
            lake,
            clients,
            CommitHook.NONE,
            new TieringSettings(
                1,
                1,
                128L << 20,
                Duration.ofMillis(200),
                Duration.ofSeconds(30),
                Duration.ofSeconds(1),
                "mink_" + suffix,
                "_owners_" + suffix),
            RegistryDecoders.from(wrongCredentials).orElseThrow(),
            Clock.systemUTC());
        Thread thread = new Thread(service::run, "registry-wait-sidecar");
        thread.start();
        try {
          TableStatus waiting = awaitRegistryWait(service, table.qualifiedName());

          assertThat(waiting.registryWait().reason())
              .contains("rejected Mink's credentials")
              .contains("HTTP 401");
          PublishedStatus published =
              StatusCodec.decode(StatusCodec.encode(new PublishedStatus(waiting, Instant.now())));
          assertThat(published.status().registryWait()).isEqualTo(waiting.registryWait());
          String metrics = PrometheusText.render(
              new MetricsSnapshot(List.of(waiting), Map.of(), Map.of(), true, 0, 0));
          assertThat(metrics)
              .containsPattern(
                  "mink_table_registry_wait_seconds\\{table=\"kafka\\." + topic + "\"} \\d+");
          assertThat(metrics)
              .as("the table's freshness as its owner scheduled it")
              .contains("mink_table_freshness_seconds{table=\"kafka." + topic + "\"} 60.0\n")
              .contains("mink_table_stopped{table=\"kafka." + topic + "\"} 0.0\n");
          assertThat(lake.load(TieringService.identifier(table)).currentSnapshot())
              .as("nothing committed raw")
              .isNull();
        } finally {
          service.stop();
          thread.join(30_000);
          service.close();
        }
      }
    }
  }

  private static TableStatus awaitRegistryWait(TieringService service, String table) {
    return await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> registryWait(service, table), Optional::isPresent)
        .get();
  }

  private static Optional<TableStatus> registryWait(TieringService service, String table) {
    return service.statusBoard().all().stream()
        .filter(candidate -> candidate.table().equals(table) && candidate.registryWait() != null)
        .findFirst();
  }
}
