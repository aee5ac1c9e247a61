package io.mink.query.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Which statements only count one table's rows, read from DuckDB's own parse, and what the engine runs for them. */
class CountOnlyTest {
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
  void countStarOfOneTableIsACountWithDuckDbsColumnNames() {
    assertThat(count("SELECT count(*) FROM orders").map(CountOnly::names))
        .contains(List.of("count_star()"));
    assertThat(count("select COUNT(*) as n, count(*) AS \"Total\" FROM kafka.orders o")
            .map(CountOnly::names))
        .contains(List.of("n", "Total"));
    assertThat(
            count("SELECT count(*) FROM mink.kafka.orders").map(c -> c.table().table()))
        .contains("orders");
  }

  @Test
  void anythingBesidesCountStarOfOneTableIsNotACount() {
    for (String sql : List.of(
        "SELECT count(*) FROM orders WHERE amount > 3",
        "SELECT count(*) FROM orders WHERE _kafka_partition = 0",
        "SELECT count(*) FROM orders GROUP BY status",
        "SELECT count(*) FROM orders GROUP BY ALL",
        "SELECT count(*) FROM orders HAVING count(*) > 1",
        "SELECT count(*) FROM orders LIMIT 0",
        "SELECT count(*) FROM orders ORDER BY 1",
        "SELECT DISTINCT count(*) FROM orders",
        "SELECT count(amount) FROM orders",
        "SELECT count(1) FROM orders",
        "SELECT count(DISTINCT amount) FROM orders",
        "SELECT count(*) FILTER (WHERE amount > 3) FROM orders",
        "SELECT count(*) + 1 FROM orders",
        "SELECT count(*), max(amount) FROM orders",
        "SELECT count(*) OVER () FROM orders",
        "SELECT count(*) FROM orders o JOIN items i ON o.id = i.id",
        "SELECT count(*) FROM orders, items",
        "SELECT count(*) FROM (SELECT * FROM orders)",
        "SELECT count(*) FROM orders USING SAMPLE 10%",
        "WITH o AS (SELECT * FROM orders) SELECT count(*) FROM o",
        "SELECT count(*) FROM orders UNION ALL SELECT count(*) FROM orders",
        "SELECT count(*) FROM range(10)",
        "SELECT 1 FROM orders")) {
      assertThat(count(sql)).as(sql).isEmpty();
    }
  }

  @Test
  void theCountDuckDbRunsAddsTheLakeRowsUnderTheStatementsOwnNamesAndType() throws SQLException {
    String relation = "(SELECT * FROM (VALUES (1), (2), (3)) AS t(x))";
    for (String sql : List.of(
        "SELECT count(*) FROM orders", "SELECT count(*) AS n, COUNT(*) AS \"N 2\" FROM orders o")) {
      CountOnly count = count(sql).orElseThrow();
      String original = sql.replace(" orders", " " + relation);

      List<String> counted = run(count.sql(relation, 40));

      assertThat(counted)
          .isEqualTo(
              run(original).stream().map(column -> column.replace("=3", "=43")).toList());
      assertThat(counted).allMatch(column -> column.endsWith(":BIGINT=43"));
    }
  }

  @Test
  void aCountWithNoTailIsTheLakeRowsUnderTheStatementsOwnNamesAndType() throws SQLException {
    String empty = "(SELECT * FROM (VALUES (1)) AS t(x) WHERE x > 1)";
    for (String sql : List.of(
        "SELECT count(*) FROM orders", "SELECT count(*) AS n, COUNT(*) AS \"N 2\" FROM orders o")) {
      CountOnly count = count(sql).orElseThrow();
      String original = sql.replace(" orders", " " + empty);

      List<String> counted = run(count.sql(40));

      assertThat(counted)
          .isEqualTo(
              run(original).stream().map(column -> column.replace("=0", "=40")).toList());
      assertThat(counted).allMatch(column -> column.endsWith(":BIGINT=40"));
    }
  }

  /** Each column of the one-row answer as name:type=value. */
  private static List<String> run(String sql) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Statement statement = duckdb.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      ResultSetMetaData metadata = result.getMetaData();
      assertThat(result.next()).isTrue();
      for (int column = 1; column <= metadata.getColumnCount(); column++) {
        columns.add(metadata.getColumnName(column) + ":" + metadata.getColumnTypeName(column) + "="
            + result.getString(column));
      }
    }
    return columns;
  }

  private static Optional<CountOnly> count(String sql) {
    return CountOnly.of(tree(sql));
  }

  static StatementTree tree(String sql) {
    try {
      return new ParsedStatements().parse(duckdb, sql);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
