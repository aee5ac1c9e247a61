package io.mink.query.sql;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer to EXPLAIN: a MinkScan row for each table scan, then DuckDB's plan of the statement over the scans, as
 * rows of {@code (explain_key, explain_value)} like DuckDB's own EXPLAIN. EXPLAIN ANALYZE runs the statement first,
 * so the MinkScan rows also say what the scans took.
 */
final class ExplainText {
  private ExplainText() {}

  /** A query whose rows are the explanation. */
  static String query(StatementPlan plan, boolean analyze, StatementRun run) throws SQLException {
    List<String[]> duckdbRows = new ArrayList<>();
    try (Statement statement = run.connection().createStatement();
        ResultSet duckdb =
            statement.executeQuery((analyze ? "EXPLAIN ANALYZE " : "EXPLAIN ") + plan.sql())) {
      while (duckdb.next()) {
        duckdbRows.add(new String[] {duckdb.getString(1), duckdb.getString(2)});
      }
    }
    List<String[]> rows = new ArrayList<>();
    for (StatementPlan.PlannedScan scan : plan.scans()) {
      rows.add(
          new String[] {"mink_scan", ScanExplain.line(scan, run.streams(scan.scan()), analyze)});
    }
    rows.addAll(duckdbRows);
    StringBuilder values = new StringBuilder();
    for (String[] row : rows) {
      values
          .append(values.length() == 0 ? "" : ", ")
          .append('(')
          .append(Identifiers.literal(row[0]))
          .append(", ")
          .append(Identifiers.literal(row[1]))
          .append(')');
    }
    return "SELECT * FROM (VALUES " + values + ") AS explain(explain_key, explain_value)";
  }
}
