package io.mink.query.flight;

import io.mink.query.sql.CatalogTable;
import io.mink.query.sql.SqlEngine;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.flight.sql.FlightSqlProducer.Schemas;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The results of GetCatalogs, GetDbSchemas, GetTables and GetTableTypes as Arrow batches, in the schemas Flight SQL
 * defines for them. The caller closes each batch.
 */
final class CatalogListings {
  private CatalogListings() {}

  static VectorSchemaRoot catalogs(BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(Schemas.GET_CATALOGS_SCHEMA, allocator);
    fill(root, "catalog_name", List.of(SqlEngine.CATALOG));
    return finish(root, 1);
  }

  static VectorSchemaRoot tableTypes(BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(Schemas.GET_TABLE_TYPES_SCHEMA, allocator);
    fill(root, "table_type", List.of(CatalogSearch.TABLE_TYPE));
    return finish(root, 1);
  }

  static VectorSchemaRoot dbSchemas(List<String> namespaces, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(Schemas.GET_SCHEMAS_SCHEMA, allocator);
    fill(
        root,
        "catalog_name",
        namespaces.stream().map(namespace -> SqlEngine.CATALOG).toList());
    fill(root, "db_schema_name", namespaces);
    return finish(root, namespaces.size());
  }

  /**
   * One row per table; with {@code includeSchema} the {@code table_schema} column holds each table's Arrow schema as
   * an IPC schema message, which is how JDBC's {@code getColumns} learns the columns.
   */
  static VectorSchemaRoot tables(
      List<CatalogTable> tables, boolean includeSchema, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(
        includeSchema ? Schemas.GET_TABLES_SCHEMA : Schemas.GET_TABLES_SCHEMA_NO_SCHEMA, allocator);
    fill(root, "catalog_name", tables.stream().map(table -> SqlEngine.CATALOG).toList());
    fill(root, "db_schema_name", tables.stream().map(CatalogTable::namespace).toList());
    fill(root, "table_name", tables.stream().map(CatalogTable::name).toList());
    fill(
        root,
        "table_type",
        tables.stream().map(table -> CatalogSearch.TABLE_TYPE).toList());
    if (includeSchema) {
      VarBinaryVector schemas = (VarBinaryVector) root.getVector("table_schema");
      schemas.allocateNew(tables.size());
      for (int row = 0; row < tables.size(); row++) {
        schemas.setSafe(row, tables.get(row).schema().serializeAsMessage());
      }
    }
    return finish(root, tables.size());
  }

  private static void fill(VectorSchemaRoot root, String column, List<String> values) {
    VarCharVector vector = (VarCharVector) root.getVector(column);
    vector.allocateNew(values.size());
    for (int row = 0; row < values.size(); row++) {
      vector.setSafe(row, values.get(row).getBytes(StandardCharsets.UTF_8));
    }
  }

  private static VectorSchemaRoot finish(VectorSchemaRoot root, int rows) {
    root.setRowCount(rows);
    return root;
  }
}
