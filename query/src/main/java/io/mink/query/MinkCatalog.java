package io.mink.query;

import static java.util.Objects.requireNonNull;

import io.mink.tables.TableDescriptor;
import io.mink.tables.TableStore;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;

/**
 * Mink's catalog, the one the SQL engine reads: the tables that are indexing (docs/tables.md, States), loaded from
 * the lake's catalog. A missing, replaced or removing table is not listed, and loading it says which state it is in
 * and why. Read-only: tables are added and removed with {@code mink table}.
 */
public final class MinkCatalog implements Catalog, SupportsNamespaces {
  private final Catalog lake;
  private final TableStore store;

  public MinkCatalog(Catalog lake, TableStore store) {
    this.lake = requireNonNull(lake, "lake is null");
    this.store = requireNonNull(store, "store is null");
  }

  @Override
  public String name() {
    return "mink";
  }

  @Override
  public List<TableIdentifier> listTables(Namespace namespace) {
    List<TableIdentifier> tables = indexing().stream()
        .map(MinkCatalog::identifier)
        .filter(identifier -> identifier.namespace().equals(namespace))
        .sorted((a, b) -> a.toString().compareTo(b.toString()))
        .toList();
    if (tables.isEmpty() && !namespaceExists(namespace)) {
      throw new NoSuchNamespaceException(
          "Namespace %s has no indexing table: mink table list --all shows every " + "added table",
          namespace);
    }
    return tables;
  }

  @Override
  public Table loadTable(TableIdentifier identifier) {
    Optional<TableDescriptor> table = store.find(identifier.toString());
    if (table.isEmpty()) {
      throw new NoSuchTableException(
          "Table %s is not added to Mink: mink table list shows the tables", identifier);
    }
    if (!table.get().isIndexing()) {
      throw new NoSuchTableException(
          "Table %s is %s since %s (%s), so it is not served",
          identifier,
          table.get().state().label(),
          table.get().lifecycle().since(),
          table.get().lifecycle().reason());
    }
    return lake.loadTable(identifier);
  }

  @Override
  public boolean dropTable(TableIdentifier identifier, boolean purge) {
    throw readOnly("drop table " + identifier, "mink table remove " + identifier);
  }

  @Override
  public void renameTable(TableIdentifier from, TableIdentifier to) {
    throw readOnly(
        "rename table " + from, "mink table remove " + from + ", then mink table add with --name");
  }

  @Override
  public List<Namespace> listNamespaces(Namespace namespace) {
    if (!namespace.isEmpty()) {
      return List.of();
    }
    return indexing().stream()
        .map(table -> Namespace.of(table.namespace()))
        .distinct()
        .sorted((a, b) -> a.toString().compareTo(b.toString()))
        .toList();
  }

  @Override
  public Map<String, String> loadNamespaceMetadata(Namespace namespace) {
    if (!namespaceExists(namespace)) {
      throw new NoSuchNamespaceException("Namespace %s has no indexing table", namespace);
    }
    return Map.of();
  }

  @Override
  public boolean namespaceExists(Namespace namespace) {
    return listNamespaces(Namespace.empty()).contains(namespace);
  }

  @Override
  public void createNamespace(Namespace namespace, Map<String, String> metadata) {
    throw readOnly("create namespace " + namespace, "mink table add --namespace " + namespace);
  }

  @Override
  public boolean dropNamespace(Namespace namespace) {
    throw readOnly("drop namespace " + namespace, "mink table remove for each of its tables");
  }

  @Override
  public boolean setProperties(Namespace namespace, Map<String, String> properties) {
    throw readOnly("set properties of namespace " + namespace, "the lake's catalog");
  }

  @Override
  public boolean removeProperties(Namespace namespace, java.util.Set<String> properties) {
    throw readOnly("remove properties of namespace " + namespace, "the lake's catalog");
  }

  private List<TableDescriptor> indexing() {
    return store.list().stream().filter(TableDescriptor::isIndexing).toList();
  }

  private static TableIdentifier identifier(TableDescriptor table) {
    return TableIdentifier.of(table.namespace(), table.name());
  }

  private static UnsupportedOperationException readOnly(String what, String instead) {
    return new UnsupportedOperationException(
        "Cannot " + what + ": Mink's catalog is read-only; use " + instead);
  }
}
