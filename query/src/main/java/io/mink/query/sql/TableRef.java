package io.mink.query.sql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * A table named in a statement's FROM clause, one per place it is named: a join of a table with itself is two.
 *
 * @param catalog the catalog written before the name, or empty
 * @param schema the schema written before the name, or empty
 * @param alias the alias written after the name, or empty
 * @param start where the reference (name and alias) starts in the statement, in UTF-8 bytes
 * @param length how many UTF-8 bytes the reference takes
 * @param select the SELECT node whose FROM clause names the table
 * @param filterable whether the SELECT's WHERE clause may be pushed to this table: it is not on the null-filled side
 *     of an outer join
 */
record TableRef(
    String catalog,
    String schema,
    String table,
    String alias,
    int start,
    int length,
    JsonNode select,
    boolean filterable) {
  /** The name the statement's columns qualify this table with: its alias, else its name. */
  String qualifier() {
    return (alias.isEmpty() ? table : alias).toLowerCase(Locale.ROOT);
  }

  /** The name as written, for messages. */
  String written() {
    StringBuilder name = new StringBuilder();
    if (!catalog.isEmpty()) {
      name.append(catalog).append('.');
    }
    if (!schema.isEmpty()) {
      name.append(schema).append('.');
    }
    return name.append(table).toString();
  }
}
