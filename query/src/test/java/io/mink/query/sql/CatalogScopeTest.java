package io.mink.query.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.tables.TableDescriptor;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Which tables' metadata a statement refreshes: those it names, or all when it may read DuckDB's catalog. */
class CatalogScopeTest {
  private static final TableDescriptor ORDERS = table("kafka", "orders");
  private static final TableDescriptor ITEMS = table("kafka", "items");
  private static final TableDescriptor EVENTS = table("other", "Events");
  private static final List<TableDescriptor> ADDED = List.of(ORDERS, ITEMS, EVENTS);

  private static Connection duckdb;

  @BeforeAll
  static void start() throws SQLException {
    duckdb = DriverManager.getConnection("jdbc:duckdb:");
  }

  @AfterAll
  static void stop() throws SQLException {
    duckdb.close();
  }

  @Test
  void aStatementOverMinkTablesRefreshesThoseItNames() {
    assertThat(refreshed("SELECT * FROM orders")).containsExactly(ORDERS);
    assertThat(refreshed("SELECT count(*) FROM kafka.orders o JOIN other.events e ON true"))
        .containsExactlyInAnyOrder(ORDERS, EVENTS);
    assertThat(refreshed("SELECT * FROM mink.kafka.items")).containsExactly(ITEMS);
    assertThat(refreshed("WITH orders AS (SELECT 1) SELECT * FROM orders, items"))
        .containsExactly(ITEMS);
    assertThat(refreshed("SELECT 1")).isEmpty();
  }

  @Test
  void aStatementThatMayReadDuckDbsCatalogRefreshesEveryTable() {
    for (String sql : List.of(
        "SELECT * FROM information_schema.columns",
        "SELECT * FROM orders WHERE id IN (SELECT 1 FROM information_schema.tables)",
        "SELECT * FROM duckdb_columns()",
        "SELECT * FROM orders, (SELECT count(*) FROM duckdb_tables())",
        "SELECT * FROM memory.main.t",
        "SELECT * FROM not_added")) {
      assertThat(refreshed(sql)).as(sql).containsExactlyInAnyOrderElementsOf(ADDED);
    }
    assertThat(ADDED.stream().filter(CatalogMirror.Scope.ALL.refreshed(ADDED)))
        .containsExactlyInAnyOrderElementsOf(ADDED);
  }

  @Test
  void scopeNamesAreLowerCaseQualifiedNames() {
    assertThat(StatementPlan.refreshed(tree("SELECT * FROM Orders, OTHER.Events"), "kafka"))
        .isEqualTo(new CatalogMirror.Scope(false, Set.of("kafka.orders", "other.events")));
  }

  private static List<TableDescriptor> refreshed(String sql) {
    Predicate<TableDescriptor> refreshed =
        StatementPlan.refreshed(tree(sql), "kafka").refreshed(ADDED);
    return ADDED.stream().filter(refreshed).toList();
  }

  private static TableDescriptor table(String namespace, String name) {
    return new TableDescriptor(
        namespace,
        name,
        name,
        "id-" + name,
        Duration.ofMinutes(1),
        Map.of(),
        Instant.parse("2026-12-01T10:00:00Z"));
  }

  private static StatementTree tree(String sql) {
    try {
      return new ParsedStatements().parse(duckdb, sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
