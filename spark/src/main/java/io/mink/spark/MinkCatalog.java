package io.mink.spark;

import io.mink.indexer.errors.MinkException;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.spark.sql.catalyst.analysis.NoSuchNamespaceException;
import org.apache.spark.sql.catalyst.analysis.NoSuchTableException;
import org.apache.spark.sql.connector.catalog.Identifier;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.catalog.TableChange;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Mink's tables as a Spark catalog ({@code spark.sql.catalog.mink = io.mink.spark.MinkCatalog}): the indexing tables,
 * each read as it is now by the union read (docs/spark.md). Configured with Mink's own keys: {@code config} names
 * Mink's TOML file, and {@code kafka.*}, {@code lake.*}, {@code schema_registry.*} and the other sections' keys are
 * set one by one. Read-only: tables are added and removed with {@code mink table}.
 */
public final class MinkCatalog implements TableCatalog {
  private String name;
  private SparkOptions options;
  private MinkConnection connection;

  @Override
  public void initialize(String catalogName, CaseInsensitiveStringMap catalogOptions) {
    this.name = catalogName;
    this.options = new SparkOptions(catalogOptions.asCaseSensitiveMap());
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Identifier[] listTables(String[] namespace) throws NoSuchNamespaceException {
    try {
      return connection().catalog().listTables(Namespace.of(namespace)).stream()
          .map(table -> Identifier.of(table.namespace().levels(), table.name()))
          .toArray(Identifier[]::new);
    } catch (org.apache.iceberg.exceptions.NoSuchNamespaceException e) {
      throw new NoSuchNamespaceException(namespace);
    }
  }

  @Override
  public Table loadTable(Identifier identifier) throws NoSuchTableException {
    TableIdentifier table =
        TableIdentifier.of(Namespace.of(identifier.namespace()), identifier.name());
    MinkConnection.Loaded loaded =
        connection().load(table).orElseThrow(() -> new NoSuchTableException(identifier));
    return new MinkTable(loaded.descriptor(), loaded.table(), options, connection());
  }

  @Override
  public Table alterTable(Identifier identifier, TableChange... changes) {
    throw readOnly("alter table " + identifier, "mink table alter");
  }

  @Override
  public boolean dropTable(Identifier identifier) {
    throw readOnly("drop table " + identifier, "mink table remove");
  }

  @Override
  public void renameTable(Identifier from, Identifier to) {
    throw readOnly("rename table " + from, "mink table remove, then mink table add with --name");
  }

  private synchronized MinkConnection connection() {
    if (options == null) {
      throw new IllegalStateException("Catalog " + name + " is not initialized");
    }
    if (connection == null) {
      connection = MinkConnection.open(options, "driver");
    }
    return connection;
  }

  private static MinkException readOnly(String what, String instead) {
    return MinkException.user(
        "Cannot " + what + ": Mink's catalog is read-only in Spark; use " + instead);
  }
}
