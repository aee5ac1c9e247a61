package io.mink.query.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What a statement hands each table's scan, read from DuckDB's own parse of it. */
class ScanPushdownTest {
  private static final Schema ORDERS = new Schema(
      Types.NestedField.required(1, "_kafka_partition", Types.IntegerType.get()),
      Types.NestedField.required(2, "_kafka_offset", Types.LongType.get()),
      Types.NestedField.optional(3, "_kafka_timestamp", Types.TimestampType.withZone()),
      Types.NestedField.optional(4, "_kafka_key", Types.BinaryType.get()),
      Types.NestedField.optional(5, "amount", Types.IntegerType.get()),
      Types.NestedField.optional(6, "status", Types.StringType.get()));
  private static final Schema CUSTOMERS = new Schema(
      Types.NestedField.required(1, "_kafka_partition", Types.IntegerType.get()),
      Types.NestedField.optional(2, "name", Types.StringType.get()),
      Types.NestedField.optional(3, "status", Types.StringType.get()));

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
  void projectionIsEveryColumnTheStatementNamesAndStarIsAll() {
    assertThat(pushdown("SELECT amount FROM orders WHERE status = 'paid'", 0).projection())
        .containsExactly("amount", "status");
    assertThat(pushdown("SELECT count(*) FROM orders", 0).projection())
        .containsExactly("_kafka_partition");
    assertThat(pushdown("SELECT * FROM orders", 0).projection()).isEmpty();
    assertThat(pushdown("SELECT o FROM orders o", 0).projection()).isEmpty();
    assertThat(pushdown("SELECT amount AS a FROM orders ORDER BY a", 0).projection())
        .containsExactly("amount");
    String join = "SELECT o.amount, c.name FROM orders o JOIN customers c"
        + " ON o._kafka_partition = c._kafka_partition";
    assertThat(pushdown(join, 0).projection()).containsExactly("_kafka_partition", "amount");
    assertThat(pushdown(join, 1).projection()).containsExactly("_kafka_partition", "name");
    assertThat(pushdown("SELECT note FROM orders", 0).projection())
        .as("a column only the tail's newer schema has")
        .isEmpty();
  }

  @Test
  void partitionPinsAreExactAndIntersect() {
    Pushdown pushdown = pushdown(
        "SELECT amount FROM orders WHERE _kafka_partition IN (1, 2, 3) AND (_kafka_partition = 2"
            + " OR _kafka_partition = 3) AND amount > 5",
        0);
    assertThat(pushdown.partitions()).contains(Set.of(2, 3));
    assertThat(pushdown.lakeFilters()).hasSize(1);
    assertThat(pushdown.lakeFilters().get(0).toString()).isEqualTo("ref(name=\"amount\") > 5");
  }

  @Test
  void lakePredicatesFoldWideningCastsAndTypedLiterals() {
    assertThat(filters("SELECT 1 FROM orders WHERE CAST(amount AS BIGINT) >= 10"))
        .hasSize(1);
    assertThat(filters("SELECT 1 FROM orders WHERE CAST(amount AS SMALLINT) >= 10"))
        .isEmpty();
    assertThat(filters(
            "SELECT 1 FROM orders WHERE _kafka_timestamp >= TIMESTAMP '2026-12-01 10:00:00'"))
        .containsExactly("ref(name=\"_kafka_timestamp\") >= \"2026-12-01T10:00:00+00:00\"");
    assertThat(filters("SELECT 1 FROM orders WHERE status IS NOT NULL AND NOT (amount IN (1, 2))"))
        .hasSize(2);
    assertThat(filters("SELECT 1 FROM orders WHERE status LIKE 'p%' OR amount > 1"))
        .isEmpty();
    assertThat(filters("SELECT 1 FROM orders WHERE amount > 5.5")).isEmpty();
    assertThat(filters(
            "SELECT 1 FROM orders WHERE amount IN (SELECT amount FROM orders WHERE amount > 1)"))
        .isEmpty();
  }

  @Test
  void aJoinPushesOnlyWhatBelongsToOneTableAndNothingToANullFilledSide() {
    String inner = "SELECT 1 FROM orders o JOIN customers c ON o._kafka_partition ="
        + " c._kafka_partition WHERE o.amount > 1 AND name = 'x' AND status = 'y'";
    assertThat(pushdown(inner, 0).lakeFilters()).hasSize(1);
    assertThat(pushdown(inner, 1).lakeFilters()).hasSize(1);
    String left = "SELECT 1 FROM orders o LEFT JOIN customers c ON o._kafka_partition ="
        + " c._kafka_partition WHERE o.amount > 1 AND c.name IS NULL";
    assertThat(pushdown(left, 0).lakeFilters()).hasSize(1);
    assertThat(pushdown(left, 1).lakeFilters()).isEmpty();
  }

  @Test
  void aLimitReachesTheScanOnlyWhenNothingAboveNeedsMoreRows() {
    assertThat(pushdown("SELECT * FROM orders LIMIT 10 OFFSET 5", 0).limit()).hasValue(15);
    assertThat(pushdown("SELECT * FROM orders WHERE _kafka_partition = 1 LIMIT 10", 0)
            .limit())
        .hasValue(10);
    assertThat(pushdown("SELECT * FROM orders WHERE amount > 1 LIMIT 10", 0).limit())
        .isEmpty();
    assertThat(
            pushdown("SELECT * FROM orders WHERE status LIKE 'a%' LIMIT 10", 0).limit())
        .isEmpty();
    assertThat(pushdown("SELECT * FROM orders ORDER BY amount LIMIT 10", 0).limit())
        .isEmpty();
    assertThat(pushdown("SELECT count(*) FROM orders LIMIT 10", 0).limit()).isEmpty();
    assertThat(pushdown("SELECT DISTINCT status FROM orders LIMIT 10", 0).limit())
        .isEmpty();
  }

  @Test
  void keyPinsOfAnUpsertTableAreCounted() {
    StatementTree tree =
        tree("SELECT * FROM orders WHERE _kafka_key IN ('a'::BLOB, 'b'::BLOB, 'c'::BLOB)");
    Pushdown pushdown = new ScanPushdown(
            tree, tree.tables().get(0), Map.of(tree.tables().get(0), ORDERS))
        .pushdown(true);
    assertThat(pushdown.keys()).isEqualTo(3);
  }

  private static List<String> filters(String sql) {
    return pushdown(sql, 0).lakeFilters().stream().map(Object::toString).toList();
  }

  private static Pushdown pushdown(String sql, int table) {
    StatementTree tree = tree(sql);
    Map<TableRef, Schema> schemas = new HashMap<>();
    for (TableRef ref : tree.tables()) {
      schemas.put(ref, ref.table().equals("orders") ? ORDERS : CUSTOMERS);
    }
    return new ScanPushdown(tree, tree.tables().get(table), schemas).pushdown(false);
  }

  private static StatementTree tree(String sql) {
    try {
      return new ParsedStatements().parse(duckdb, sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
