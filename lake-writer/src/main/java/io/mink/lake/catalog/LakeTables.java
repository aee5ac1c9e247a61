package io.mink.lake.catalog;

import static java.util.Objects.requireNonNull;

import io.mink.lake.PartitionSpecs;
import io.mink.lake.TableMode;
import io.mink.schema.KafkaColumns;
import java.util.Map;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.AlreadyExistsException;

/** Creates, loads and drops Mink tables in the catalog. */
public final class LakeTables {
  private final Catalog catalog;

  public LakeTables(Catalog catalog) {
    this.catalog = requireNonNull(catalog, "catalog is null");
  }

  public Catalog catalog() {
    return catalog;
  }

  public boolean exists(TableIdentifier identifier) {
    return catalog.tableExists(identifier);
  }

  /**
   * Creates the table with the metadata columns, partitioned by identity on _kafka_partition; the
   * namespace is created when missing.
   */
  public Table create(TableIdentifier identifier, Map<String, String> properties) {
    return create(identifier, PartitionSpecs.kafka(KafkaColumns.SCHEMA), properties);
  }

  /**
   * Creates the table with the metadata columns of its mode (the property mink.mode, see {@link
   * TableMode#schema}) and the given spec (see {@link PartitionSpecs#forNewTable});
   * the namespace is created when missing. Another client creating the namespace at the same time is no error,
   * however the catalog reports it (JDBC catalogs as a failed insert, others as an existing namespace).
   */
  public Table create(
      TableIdentifier identifier, PartitionSpec spec, Map<String, String> properties) {
    ensureNamespace(identifier.namespace());
    try {
      return catalog.createTable(
          identifier, TableMode.ofProperties(properties).schema(), spec, properties);
    } catch (AlreadyExistsException e) {
      throw new AlreadyExistsException(
          "Table %s already exists in the catalog: pick another name with "
              + "--namespace, or drop the existing table first",
          identifier);
    }
  }

  public Table load(TableIdentifier identifier) {
    return catalog.loadTable(identifier);
  }

  public boolean drop(TableIdentifier identifier) {
    return catalog.dropTable(identifier, true);
  }

  private void ensureNamespace(Namespace namespace) {
    if (namespace.isEmpty() || !(catalog instanceof SupportsNamespaces namespaces)) {
      return;
    }
    if (!namespaces.namespaceExists(namespace)) {
      try {
        namespaces.createNamespace(namespace);
      } catch (RuntimeException e) {
        if (!namespaces.namespaceExists(namespace)) {
          throw e;
        }
      }
    }
  }
}
