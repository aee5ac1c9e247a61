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
import java.util.function.Predicate;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.StaticTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.duckdb.DuckDBConnection;

/**
 * Mink's indexing tables as DuckDB's catalog {@code mink}: one schema per namespace and an empty table of each Mink
 * table's columns, so that information_schema, SHOW and DESCRIBE answer from it. Statements never read these tables:
 * the engine replaces each name with the table's scan.
 *
 * <p>Brought up to date before every statement, at the cost of what changed: the added tables are read from the
 * tables topic (its reader takes only the entries written since its last read), an Iceberg table is loaded once per
 * added table and then refreshed, which asks the catalog for the table's current metadata location and reads the
 * metadata again only when it moved. A statement gets each table it reads as a {@link View}: the table frozen at the
 * metadata its refresh found, so that every split of the statement reads one state of the table.
 */
final class CatalogMirror {
  /** A table of the catalog: its descriptor and its Iceberg table, frozen at the metadata of the last refresh. */
  record Entry(TableDescriptor descriptor, Table table) {}

  /** A table loaded from the catalog, kept between statements and refreshed before each one that reads it. */
  private record Loaded(TableDescriptor descriptor, Table table) {}

  private final Connection connection;
  private final Map<String, String> mirrored = new HashMap<>();
  private final Map<String, Loaded> loaded = new HashMap<>();
  private final Set<String> schemas = new HashSet<>();
  private Map<String, TableDescriptor> added = Map.of();
  private Map<String, Entry> indexing = Map.of();

  CatalogMirror(Connection connection) {
    this.connection = connection;
  }

  /**
   * Which tables a refresh reads the metadata of again: every table, or those of the names a statement reads, and
   * every table when one of the names is no added table's (a statement naming DuckDB's catalog views, say).
   *
   * @param names qualified names in lower case
   */
  record Scope(boolean all, Set<String> names) {
    static final Scope ALL = new Scope(true, Set.of());

    Scope {
      names = Set.copyOf(names);
    }

    Predicate<TableDescriptor> refreshed(List<TableDescriptor> added) {
      Set<String> known = new HashSet<>();
      added.forEach(table -> known.add(lower(table.qualifiedName())));
      if (all || !known.containsAll(names)) {
        return table -> true;
      }
      return table -> names.contains(lower(table.qualifiedName()));
    }

    private static String lower(String name) {
      return name.toLowerCase(java.util.Locale.ROOT);
    }
  }

  /**
   * Reads the added tables again and brings DuckDB's catalog {@code mink} up to date with the metadata of the tables
   * in {@code scope}: those are refreshed from the catalog, the others keep the metadata of their last refresh. A
   * table added since the last refresh, or added again, is loaded whether in scope or not.
   */
  synchronized View refresh(QueryTables tables, Scope scope) {
    Map<String, TableDescriptor> all = new HashMap<>();
    Map<String, Entry> served = new HashMap<>();
    List<TableDescriptor> listed = tables.tables();
    Predicate<TableDescriptor> refreshed = scope.refreshed(listed);
    for (TableDescriptor descriptor : listed) {
      all.put(descriptor.qualifiedName(), descriptor);
      if (descriptor.isIndexing()) {
        current(tables, descriptor, refreshed.test(descriptor))
            .ifPresent(
                table -> served.put(descriptor.qualifiedName(), new Entry(descriptor, table)));
      }
    }
    loaded.keySet().retainAll(served.keySet());
    try {
      mirror(served);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "Cannot list Mink's tables in DuckDB's catalog: " + e.getMessage(), e);
    }
    added = Map.copyOf(all);
    indexing = Map.copyOf(served);
    return view();
  }

  /** Refreshes every table: for statements that may read DuckDB's catalog, where every table's columns show. */
  View refreshAll(QueryTables tables) {
    return refresh(tables, Scope.ALL);
  }

  /** The catalog as of the last refresh, without reading anything again. */
  synchronized View view() {
    return new View(added, indexing, Set.copyOf(schemas));
  }

  /**
   * The table of an indexing descriptor, frozen at its current metadata when {@code refresh}, else at the metadata
   * of its last refresh; empty when the catalog has no table of its name (added but not served: a statement naming
   * it says so).
   */
  private Optional<Table> current(QueryTables tables, TableDescriptor descriptor, boolean refresh) {
    Loaded known = loaded.get(descriptor.qualifiedName());
    Optional<Loaded> now;
    if (known == null || !known.descriptor().equals(descriptor)) {
      now = load(tables, descriptor);
    } else if (refresh) {
      now = refreshed(tables, known);
    } else {
      now = Optional.of(known);
    }
    if (now.isEmpty()) {
      loaded.remove(descriptor.qualifiedName());
      return Optional.empty();
    }
    loaded.put(descriptor.qualifiedName(), now.get());
    return Optional.of(frozen(now.get().table()));
  }

  private static Optional<Loaded> load(QueryTables tables, TableDescriptor descriptor) {
    try {
      return Optional.of(new Loaded(descriptor, tables.load(descriptor)));
    } catch (RuntimeException e) {
      if (notFound(e)) {
        return Optional.empty();
      }
      throw e;
    }
  }

  /**
   * The table refreshed: the catalog's current metadata location, and the metadata read again only when it moved. A
   * refresh that fails is a load: a table dropped and created again by another engine (another UUID under the name)
   * is loaded anew, a table dropped is not served, and a catalog that is down fails as loading fails.
   */
  private static Optional<Loaded> refreshed(QueryTables tables, Loaded known) {
    try {
      known.table().refresh();
      return Optional.of(known);
    } catch (RuntimeException e) {
      return load(tables, known.descriptor());
    }
  }

  private static boolean notFound(RuntimeException e) {
    return e instanceof NoSuchTableException || e.getCause() instanceof NoSuchTableException;
  }

  /** The table as its metadata is now, never refreshed again: what one statement reads. */
  static Table frozen(Table table) {
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    return new BaseTable(
        new StaticTableOperations(metadata, table.io(), table.locationProvider()), table.name());
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

  /** The catalog as one refresh left it: what a statement resolves its names in. Immutable. */
  record View(
      Map<String, TableDescriptor> added, Map<String, Entry> indexing, Set<String> namespaces) {
    View {
      added = Map.copyOf(added);
      indexing = Map.copyOf(indexing);
      namespaces = Set.copyOf(namespaces);
    }

    /** The added table of a qualified name, in any state. */
    Optional<TableDescriptor> added(String qualifiedName) {
      return Optional.ofNullable(added.get(qualifiedName));
    }

    /** The added table whose qualified name matches in any case, as DuckDB matches names. */
    Optional<TableDescriptor> addedIgnoringCase(String qualifiedName) {
      return added.values().stream()
          .filter(table -> table.qualifiedName().equalsIgnoreCase(qualifiedName))
          .findFirst();
    }

    /** The indexing table of a qualified name. */
    Optional<Entry> indexing(String qualifiedName) {
      return Optional.ofNullable(indexing.get(qualifiedName));
    }

    /** Every indexing table. */
    List<Entry> entries() {
      return new ArrayList<>(indexing.values());
    }

    /** Whether a namespace holds indexing tables. */
    boolean hasNamespace(String namespace) {
      return namespaces.contains(namespace);
    }
  }
}
