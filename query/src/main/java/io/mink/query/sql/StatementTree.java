package io.mink.query.sql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.indexer.errors.MinkException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A SELECT statement as DuckDB's parser reads it ({@code json_serialize_sql}): the tables its FROM clauses name, the
 * names of its common table expressions, and every column it refers to. Pure: the JSON comes from DuckDB, the rest is
 * read from it.
 */
final class StatementTree {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final JsonNode root;
  private final List<TableRef> tables = new ArrayList<>();
  private final Set<String> cteNames = new HashSet<>();
  private final List<List<String>> columns = new ArrayList<>();
  private final Set<JsonNode> opaqueFroms = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Set<String> aliases = new HashSet<>();
  private boolean star;
  private boolean naturalJoin;

  private StatementTree(JsonNode root) {
    this.root = root;
    walk(root, null);
  }

  /**
   * Reads the parser's JSON of one statement.
   *
   * @throws MinkException user when the parser refused the statement, with its message
   */
  static StatementTree of(String json) {
    JsonNode parsed;
    try {
      parsed = JSON.readTree(json);
    } catch (IOException e) {
      throw new IllegalStateException("DuckDB's parser answered with unreadable JSON: " + json, e);
    }
    if (parsed.path("error").asBoolean(false)) {
      throw MinkException.user(
          "Cannot run the statement: " + parsed.path("error_message").asText());
    }
    JsonNode statements = parsed.path("statements");
    if (statements.size() != 1) {
      throw MinkException.user("Give one statement at a time, not " + statements.size()
          + ": mink-query exec splits a script on ';' itself");
    }
    return new StatementTree(statements.get(0).path("node"));
  }

  /** The statement's top node: a SELECT_NODE, SET_OPERATION_NODE, RECURSIVE_CTE_NODE or CTE_NODE. */
  JsonNode root() {
    return root;
  }

  List<TableRef> tables() {
    return Collections.unmodifiableList(tables);
  }

  /** The tables named in the FROM clause of a SELECT node, in order. */
  @SuppressWarnings(
      "ReferenceEquality") // a SELECT node is itself, not any node that prints the same
  List<TableRef> tablesOf(JsonNode select) {
    return tables.stream().filter(table -> table.select() == select).toList();
  }

  /** Whether the FROM clause of a SELECT node also reads a subquery, a table function or a list of values. */
  boolean readsMoreThanTables(JsonNode select) {
    return opaqueFroms.contains(select);
  }

  /** Whether an unqualified name is one of the statement's common table expressions. */
  boolean isCte(String name) {
    return cteNames.contains(name.toLowerCase(Locale.ROOT));
  }

  /** Whether a name is an alias the statement gives an expression, a subquery or a table, lower case. */
  boolean isAlias(String name) {
    return aliases.contains(name) || cteNames.contains(name);
  }

  /** Whether the statement has common table expressions, which DuckDB may read more than once. */
  boolean hasCtes() {
    return !cteNames.isEmpty();
  }

  /** Every column reference, each as the names written, lower case: {@code o.amount} is [o, amount]. */
  List<List<String>> columns() {
    return Collections.unmodifiableList(columns);
  }

  /** Whether the statement selects {@code *} or {@code COLUMNS(...)} anywhere. */
  boolean selectsStar() {
    return star;
  }

  /** Whether a NATURAL join or a join USING columns compares columns the statement does not name. */
  boolean joinsByName() {
    return naturalJoin;
  }

  /** Whether the statement calls a table function or a SHOW in a FROM clause, which may read DuckDB's catalog. */
  boolean callsTableFunctions() {
    return containsType(root, "TABLE_FUNCTION") || containsType(root, "SHOW_REF");
  }

  /** Whether the statement recurses, so DuckDB may scan a table of it more than once. */
  boolean recursive() {
    return containsType(root, "RECURSIVE_CTE_NODE");
  }

  private void walk(JsonNode node, JsonNode select) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return;
    }
    if (node.isArray()) {
      node.forEach(child -> walk(child, select));
      return;
    }
    if (!node.isObject()) {
      return;
    }
    String type = node.path("type").asText("");
    JsonNode owner = "SELECT_NODE".equals(type) ? node : select;
    if ("SELECT_NODE".equals(type)) {
      fromClause(node.path("from_table"), node, true);
    }
    readCtes(node.path("cte_map"));
    readExpression(node);
    for (java.util.Map.Entry<String, JsonNode> field : node.properties()) {
      if (!"from_table".equals(field.getKey()) || !"SELECT_NODE".equals(type)) {
        walk(field.getValue(), owner);
      }
    }
  }

  private void fromClause(JsonNode from, JsonNode select, boolean filterable) {
    String type = from.path("type").asText("");
    switch (type) {
      case "BASE_TABLE" ->
        tables.add(new TableRef(
            from.path("catalog_name").asText(""),
            from.path("schema_name").asText(""),
            from.path("table_name").asText(""),
            from.path("alias").asText(""),
            from.path("query_location").asInt(-1),
            from.path("query_location_length").asInt(-1),
            select,
            filterable));
      case "JOIN" -> {
        String join = from.path("join_type").asText("");
        String refType = from.path("ref_type").asText("");
        if ("NATURAL".equals(refType) || from.path("using_columns").size() > 0) {
          naturalJoin = true;
        }
        boolean inner = "INNER".equals(join) || "CROSS".equals(refType);
        fromClause(from.path("left"), select, filterable && (inner || "LEFT".equals(join)));
        fromClause(from.path("right"), select, filterable && (inner || "RIGHT".equals(join)));
        walk(from.path("condition"), select);
      }
      default -> {
        if (!from.isMissingNode() && !from.isNull()) {
          opaqueFroms.add(select);
        }
        walk(from, select);
      }
    }
  }

  private void readCtes(JsonNode cteMap) {
    for (JsonNode entry : cteMap.path("map")) {
      cteNames.add(entry.path("key").asText("").toLowerCase(Locale.ROOT));
    }
  }

  private void readExpression(JsonNode node) {
    String alias = node.path("alias").asText("");
    if (!alias.isEmpty()) {
      aliases.add(alias.toLowerCase(Locale.ROOT));
    }
    String kind = node.path("class").asText("");
    if ("COLUMN_REF".equals(kind)) {
      List<String> names = new ArrayList<>();
      node.path("column_names").forEach(name -> names.add(name.asText().toLowerCase(Locale.ROOT)));
      columns.add(names);
    } else if ("STAR".equals(kind)) {
      star = true;
    }
  }

  private static boolean containsType(JsonNode node, String type) {
    if (node.isObject() && type.equals(node.path("type").asText(""))) {
      return true;
    }
    for (JsonNode child : node) {
      if (containsType(child, type)) {
        return true;
      }
    }
    return false;
  }
}
