package io.mink.query.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The parse trees kept by statement text: parsed once per text, bounded, refusals never kept. */
class ParsedStatementsTest {
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
  void aTextParsedBeforeIsNotParsedAgain() throws SQLException {
    ParsedStatements parsed = new ParsedStatements();

    StatementTree first = parsed.parse(duckdb, "SELECT count(*) FROM orders");
    StatementTree again = parsed.parse(duckdb, "SELECT count(*) FROM orders");
    StatementTree other = parsed.parse(duckdb, "SELECT count(*) FROM  orders");

    assertThat(again).isSameAs(first);
    assertThat(other).isNotSameAs(first);
    assertThat(other.tables()).extracting(TableRef::table).containsExactly("orders");
    assertThat(parsed.size()).isEqualTo(2);
  }

  @Test
  void theLeastRecentlyUsedTreeGoesPastTheCapacity() throws SQLException {
    ParsedStatements parsed = new ParsedStatements();
    StatementTree kept = parsed.parse(duckdb, "SELECT 0");
    StatementTree leastRecent = parsed.parse(duckdb, "SELECT 1");

    for (int i = 2; i <= ParsedStatements.CAPACITY; i++) {
      parsed.parse(duckdb, "SELECT " + i);
      assertThat(parsed.parse(duckdb, "SELECT 0")).isSameAs(kept);
    }

    assertThat(parsed.size()).isEqualTo(ParsedStatements.CAPACITY);
    assertThat(parsed.parse(duckdb, "SELECT 0")).isSameAs(kept);
    assertThat(parsed.parse(duckdb, "SELECT 1")).isNotSameAs(leastRecent);
    assertThat(parsed.size()).isEqualTo(ParsedStatements.CAPACITY);
  }

  @Test
  void aRefusedStatementIsRefusedEveryTimeAndNotKept() {
    ParsedStatements parsed = new ParsedStatements();

    for (int i = 0; i < 2; i++) {
      assertThatThrownBy(() -> parsed.parse(duckdb, "SELEC 1"))
          .isInstanceOf(MinkException.class)
          .hasMessage("Cannot run the statement: syntax error at or near \"SELEC\"");
    }
    assertThat(parsed.size()).isZero();
  }

  @Test
  void treesCannotBeChangedByTheirReaders() throws SQLException {
    StatementTree tree = new ParsedStatements().parse(duckdb, "SELECT a FROM orders");

    assertThatThrownBy(() -> tree.tables().clear())
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> tree.columns().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
