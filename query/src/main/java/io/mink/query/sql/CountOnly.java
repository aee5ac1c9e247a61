package io.mink.query.sql;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * A statement that only counts the rows of one table: {@code SELECT count(*) [AS name], ... FROM table [AS alias]}
 * and nothing else (no WHERE, GROUP BY, HAVING, ORDER BY, LIMIT, DISTINCT, sample, common table expression). Its
 * answer needs no lake row read: the engine counts the lake from the snapshot's manifests and lets DuckDB count the
 * tail. Pure: read from the parser's tree.
 *
 * @param table the table counted
 * @param names the name of each column of the answer, as DuckDB names them: the alias, else {@code count_star()}
 */
record CountOnly(TableRef table, List<String> names) {
  /** The name DuckDB gives {@code count(*)} without an alias. */
  static final String UNNAMED = "count_star()";

  CountOnly {
    requireNonNull(table, "table is null");
    names = List.copyOf(names);
  }

  /** The statement as a count of one table's rows; empty for any other statement. */
  static Optional<CountOnly> of(StatementTree tree) {
    JsonNode select = tree.root();
    if (!"SELECT_NODE".equals(select.path("type").asText(""))
        || select.path("modifiers").size() > 0
        || select.path("cte_map").path("map").size() > 0
        || !isNull(select.path("where_clause"))
        || select.path("group_expressions").size() > 0
        || select.path("group_sets").size() > 0
        || !isNull(select.path("having"))
        || !isNull(select.path("sample"))
        || !isNull(select.path("qualify"))
        || !"STANDARD_HANDLING".equals(select.path("aggregate_handling").asText(""))) {
      return Optional.empty();
    }
    JsonNode from = select.path("from_table");
    List<TableRef> tables = tree.tablesOf(select);
    if (!"BASE_TABLE".equals(from.path("type").asText(""))
        || !isNull(from.path("sample"))
        || !isNull(from.path("at_clause"))
        || from.path("column_name_alias").size() > 0
        || tables.size() != 1
        || tree.tables().size() != 1) {
      return Optional.empty();
    }
    List<String> names = new ArrayList<>();
    JsonNode list = select.path("select_list");
    if (list.size() == 0) {
      return Optional.empty();
    }
    for (JsonNode expression : list) {
      if (!isCountStar(expression)) {
        return Optional.empty();
      }
      String alias = expression.path("alias").asText("");
      names.add(alias.isEmpty() ? UNNAMED : alias);
    }
    return Optional.of(new CountOnly(tables.get(0), names));
  }

  /**
   * The statement DuckDB runs: each count is DuckDB's count of the relation (the tail) plus the lake's rows, with the
   * name and type ({@code BIGINT}) the statement's own count has.
   */
  String sql(String relation, long lakeRows) {
    StringJoiner columns = new StringJoiner(", ", "SELECT ", " FROM " + relation);
    for (String name : names) {
      columns.add("CAST(count(*) + CAST(" + lakeRows + " AS BIGINT) AS BIGINT) AS "
          + Identifiers.quote(name));
    }
    return columns.toString();
  }

  /** The statement DuckDB runs when the table has no tail to count: the lake's rows, with the names and type. */
  String sql(long lakeRows) {
    StringJoiner columns = new StringJoiner(", ", "SELECT ", "");
    for (String name : names) {
      columns.add("CAST(" + lakeRows + " AS BIGINT) AS " + Identifiers.quote(name));
    }
    return columns.toString();
  }

  /** {@code count(*)}: DuckDB's {@code count_star} with no argument, filter, order or DISTINCT. */
  private static boolean isCountStar(JsonNode expression) {
    return "FUNCTION".equals(expression.path("class").asText(""))
        && "count_star".equals(expression.path("function_name").asText(""))
        && expression.path("schema").asText("").isEmpty()
        && expression.path("catalog").asText("").isEmpty()
        && expression.path("arguments").size() == 0
        && isNull(expression.path("filter"))
        && !expression.path("distinct").asBoolean(false)
        && !expression.path("is_operator").asBoolean(false)
        && !expression.path("export_state").asBoolean(false)
        && expression.path("order_bys").path("orders").size() == 0;
  }

  private static boolean isNull(JsonNode node) {
    return node.isMissingNode() || node.isNull();
  }
}
