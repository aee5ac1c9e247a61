package io.mink.query.sql;

import io.mink.schema.batch.ArrowSchemas;
import io.mink.schema.batch.RowBatch;
import io.mink.tables.TableDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.duckdb.DuckDBConnection;

/**
 * Mink's indexing tables as DuckDB's catalog {@code mink}: one schema per namespace and an empty table of each Mink
 * table's columns, so that information_schema, SHOW and DESCRIBE answer from it. Statements never read these tables:
 * the engine replaces each name with the table's scan. Refreshed before every statement.
 */
final class CatalogMirror {
  /** A table of the catalog: its descriptor and its Iceberg table, loaded at the refresh. */
  record Entry(TableDescriptor descriptor, Table table) {}

  private final Connection connection;
  private final Map<String, String> mirrored = new HashMap<>();
  private final Set<String> schemas = new HashSet<>();
  private Map<String, TableDescriptor> added = Map.of();
  private Map<String, Entry> indexing = Map.of();

  CatalogMirror(Connection connection) {
    this.connection = connection;
  }

  /** Reads the tables again and brings DuckDB's catalog {@code mink} up to date. */
  synchronized void refresh(QueryTables tables) {
    Map<String, TableDescriptor> all = new HashMap<>();
    Map<String, Entry> served = new HashMap<>();
    for (TableDescriptor descriptor : tables.tables()) {
      all.put(descriptor.qualifiedName(), descriptor);
      if (descriptor.isIndexing()) {
        try {
          served.put(descriptor.qualifiedName(), new Entry(descriptor, tables.load(descriptor)));
        } catch (RuntimeException e) {
          if (!(e instanceof NoSuchTableException)
              && !(e.getCause() instanceof NoSuchTableException)) {
            throw e;
          }
          // not created yet: listed as added, not served, and a statement naming it says so
        }
      }
    }
    try {
      mirror(served);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot list Mink's tables in DuckDB's catalog: " + e.getMessage(), e);
    }
    added = Map.copyOf(all);
    indexing = Map.copyOf(served);
  }

  /** The added table of a qualified name, in any state, as of the last refresh. */
  synchronized Optional<TableDescriptor> added(String qualifiedName) {
    return Optional.ofNullable(added.get(qualifiedName));
  }

  /** The added table whose qualified name matches in any case, as DuckDB matches names. */
  synchronized Optional<TableDescriptor> addedIgnoringCase(String qualifiedName) {
    return added.values().stream()
        .filter(table -> table.qualifiedName().equalsIgnoreCase(qualifiedName))
        .findFirst();
  }

  /** The indexing table of a qualified name as of the last refresh. */
  synchronized Optional<Entry> indexing(String qualifiedName) {
    return Optional.ofNullable(indexing.get(qualifiedName));
  }

  /** Every indexing table as of the last refresh. */
  synchronized List<Entry> entries() {
    return new ArrayList<>(indexing.values());
  }

  /** Whether a namespace holds indexing tables. */
  synchronized boolean hasNamespace(String namespace) {
    return schemas.contains(namespace);
  }

  private void mirror(Map<String, Entry> served) throws SQLException {
    try (Statement statement = connection.createStatement()) {
      for (String name : new ArrayList<>(mirrored.keySet())) {
        if (!served.containsKey(name)) {
          TableDescriptor gone = descriptorOf(name);
          statement.execute("DROP TABLE IF EXISTS " + qualified(gone));
          mirrored.remove(name);
        }
      }
      for (Entry entry : served.values()) {
        String version = entry.table().uuid() + "/" + entry.table().schema().schemaId();
        if (!version.equals(mirrored.get(entry.descriptor().qualifiedName()))) {
          create(statement, entry);
          mirrored.put(entry.descriptor().qualifiedName(), version);
        }
      }
    }
    schemas.clear();
    served.values().forEach(entry -> schemas.add(entry.descriptor().namespace()));
  }

  private TableDescriptor descriptorOf(String qualifiedName) {
    TableDescriptor known = added.get(qualifiedName);
    return known != null ? known : indexing.get(qualifiedName).descriptor();
  }

  private void create(Statement statement, Entry entry) throws SQLException {
    statement.execute("CREATE SCHEMA IF NOT EXISTS " + SqlEngine.CATALOG + "."
        + Identifiers.quote(entry.descriptor().namespace()));
    String stream = "__mink_catalog_stream";
    try (BufferAllocator allocator = RowBatch.newChildAllocator("mink-query catalog");
        ScanStream empty =
            new ScanStream(allocator, ArrowSchemas.of(entry.table().schema()), null);
        ArrowArrayStream exported = ArrowArrayStream.allocateNew(allocator)) {
      Data.exportArrayStream(allocator, empty, exported);
      connection.unwrap(DuckDBConnection.class).registerArrowStream(stream, exported);
      statement.execute("CREATE OR REPLACE TABLE " + qualified(entry.descriptor())
          + " AS SELECT * FROM " + stream + " LIMIT 0");
      statement.execute("DROP VIEW IF EXISTS " + stream);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot close the empty stream of " + qualified(entry.descriptor()), e);
    }
  }

  private static String qualified(TableDescriptor table) {
    return SqlEngine.CATALOG + "." + Identifiers.quote(table.namespace()) + "."
        + Identifiers.quote(table.name());
  }
}
