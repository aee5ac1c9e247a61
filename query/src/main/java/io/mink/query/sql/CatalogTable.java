package io.mink.query.sql;

import static java.util.Objects.requireNonNull;

import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An indexing table as the SQL engine lists it: catalog {@code mink}, schema = the table's namespace.
 *
 * @param schema the columns of the table's lake schema, as Arrow fields
 */
public record CatalogTable(String namespace, String name, Schema schema) {
  public CatalogTable {
    requireNonNull(namespace, "namespace is null");
    requireNonNull(name, "name is null");
    requireNonNull(schema, "schema is null");
  }

  public String qualifiedName() {
    return namespace + "." + name;
  }
}
