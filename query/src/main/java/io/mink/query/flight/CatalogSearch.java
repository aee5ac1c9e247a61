package io.mink.query.flight;

import io.mink.query.sql.CatalogTable;
import io.mink.query.sql.SqlEngine;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetDbSchemas;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandGetTables;

/**
 * Which of the engine's tables and namespaces a GetDbSchemas or GetTables command asks for, in the order Flight SQL
 * lists them. The catalog filter is an exact name ({@code mink} is the only catalog); the schema and table filters
 * are {@link SearchPattern}s; every table is of type {@link #TABLE_TYPE}.
 */
final class CatalogSearch {
  /** The one table type of mink-query. */
  static final String TABLE_TYPE = "TABLE";

  private CatalogSearch() {}

  /** The namespaces that hold at least one table and match the command's catalog and schema filter. */
  static List<String> namespaces(List<CatalogTable> catalog, CommandGetDbSchemas command) {
    if (command.hasCatalog() && !command.getCatalog().equals(SqlEngine.CATALOG)) {
      return List.of();
    }
    SearchPattern schemas =
        pattern(command.hasDbSchemaFilterPattern(), command.getDbSchemaFilterPattern());
    return catalog.stream()
        .map(CatalogTable::namespace)
        .filter(schemas::matches)
        .distinct()
        .sorted()
        .toList();
  }

  /** The tables that match the command's catalog, schema, table name and table type filters. */
  static List<CatalogTable> tables(List<CatalogTable> catalog, CommandGetTables command) {
    if (command.hasCatalog() && !command.getCatalog().equals(SqlEngine.CATALOG)) {
      return List.of();
    }
    if (command.getTableTypesCount() > 0 && !command.getTableTypesList().contains(TABLE_TYPE)) {
      return List.of();
    }
    SearchPattern schemas =
        pattern(command.hasDbSchemaFilterPattern(), command.getDbSchemaFilterPattern());
    SearchPattern names =
        pattern(command.hasTableNameFilterPattern(), command.getTableNameFilterPattern());
    return catalog.stream()
        .filter(table -> schemas.matches(table.namespace()) && names.matches(table.name()))
        .sorted(Comparator.comparing(CatalogTable::namespace).thenComparing(CatalogTable::name))
        .toList();
  }

  private static SearchPattern pattern(boolean given, String pattern) {
    return given ? SearchPattern.compile(pattern) : SearchPattern.anything();
  }
}
