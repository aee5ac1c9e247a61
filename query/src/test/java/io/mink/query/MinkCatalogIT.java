package io.mink.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.KafkaClientFactory;
import io.mink.tables.KafkaTableStore;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class MinkCatalogIT {
  private static final Instant SINCE = Instant.parse("2026-11-30T10:00:00Z");

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private KafkaTableStore store;
  private LakeTables lake;
  private MinkCatalog catalog;

  @BeforeEach
  void addTablesInEveryState() {
    KafkaClientFactory clients =
        new KafkaClientFactory(Map.of("bootstrap.servers", KAFKA.bootstrapServers()), "mink-test");
    store =
        new KafkaTableStore(clients, "_tables-" + UUID.randomUUID().toString().substring(0, 8));
    try (Admin admin = clients.admin()) {
      store.ensureTopic(admin);
    }
    lake = new LakeTables(warehouse.catalog());
    add("kafka", "orders", null);
    add("kafka", "clicks", null);
    add("sales", "invoices", null);
    add(
        "kafka",
        "gone",
        new Lifecycle(LifecycleState.MISSING, SINCE, "topic gone no longer exists in Kafka"));
    add(
        "kafka",
        "again",
        new Lifecycle(LifecycleState.REPLACED, SINCE, "topic again was deleted and created again"));
    add(
        "legacy",
        "old",
        new Lifecycle(LifecycleState.REMOVING, SINCE, "removed by mink table remove"));
    catalog = new MinkCatalog(warehouse.catalog(), store);
  }

  @AfterEach
  void closeStore() {
    store.close();
  }

  @Test
  void onlyIndexingTablesAreListed() {
    assertThat(catalog.listTables(Namespace.of("kafka")))
        .containsExactly(
            TableIdentifier.of("kafka", "clicks"), TableIdentifier.of("kafka", "orders"));
    assertThat(catalog.listTables(Namespace.of("sales")))
        .containsExactly(TableIdentifier.of("sales", "invoices"));
    assertThat(catalog.listNamespaces())
        .containsExactly(Namespace.of("kafka"), Namespace.of("sales"));
    assertThat(catalog.namespaceExists(Namespace.of("legacy"))).isFalse();
  }

  @Test
  void anIndexingTableLoadsFromTheLake() {
    assertThat(catalog.loadTable(TableIdentifier.of("kafka", "orders")).schema().columns())
        .hasSize(6);
    assertThat(catalog.tableExists(TableIdentifier.of("kafka", "orders"))).isTrue();
  }

  @Test
  void aTableInAnotherStateIsNotServedAndSaysWhy() {
    assertThat(catalog.tableExists(TableIdentifier.of("kafka", "gone"))).isFalse();
    assertThatThrownBy(() -> catalog.loadTable(TableIdentifier.of("kafka", "again")))
        .isInstanceOf(NoSuchTableException.class)
        .hasMessage(
            "Table kafka.again is replaced since 2026-11-30T10:00:00Z (topic again was deleted and created "
                + "again), so it is not served");
    assertThatThrownBy(() -> catalog.loadTable(TableIdentifier.of("kafka", "unknown")))
        .isInstanceOf(NoSuchTableException.class)
        .hasMessage("Table kafka.unknown is not added to Mink: mink table list shows the tables");
  }

  @Test
  void aTableThatStopsIndexingLeavesTheListing() {
    TableDescriptor orders = store.find("kafka.orders").orElseThrow();
    store.replace(
        orders,
        orders.withLifecycle(new Lifecycle(LifecycleState.MISSING, SINCE, "topic orders gone")));

    assertThat(catalog.listTables(Namespace.of("kafka")))
        .containsExactly(TableIdentifier.of("kafka", "clicks"));
  }

  @Test
  void theCatalogIsReadOnly() {
    assertThatThrownBy(() -> catalog.dropTable(TableIdentifier.of("kafka", "orders"), true))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "Cannot drop table kafka.orders: Mink's catalog is read-only; use mink table remove kafka.orders");
    assertThat(lake.exists(TableIdentifier.of("kafka", "orders"))).isTrue();
  }

  private void add(String namespace, String name, Lifecycle lifecycle) {
    TableDescriptor table = new TableDescriptor(
        namespace, name, name, "id-" + name, Duration.ofMinutes(1), Map.of(), SINCE);
    lake.create(
        TableIdentifier.of(namespace, name),
        MinkTableLayout.properties(name, table.topicId(), 1 << 20, Map.of()));
    store.add(lifecycle == null ? table : table.withLifecycle(lifecycle));
  }
}
