package io.mink.query.sql;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * mink-query's engine (spec/sql.md): embedded DuckDB executes each statement over Arrow streams that Mink plans with
 * the union read, one snapshot and one set of tail offsets per table for the whole statement. Thread-safe: each
 * statement runs on its own DuckDB connection.
 */
public final class SqlEngine implements AutoCloseable {
  /** The catalog the tables are listed in. */
  public static final String CATALOG = "mink";

  private final QueryTables tables;
  private final QuerySettings settings;

  public SqlEngine(QueryTables tables, QuerySettings settings) {
    this.tables = tables;
    this.settings = settings;
  }

  /** The namespace unqualified names resolve in. */
  public String database() {
    return settings.database();
  }

  /**
   * Runs one read-only statement: SELECT, WITH, VALUES, EXPLAIN, SHOW, DESCRIBE, or a query of information_schema.
   *
   * @throws io.mink.indexer.errors.MinkException user for bad SQL or a statement that writes, conflict for a table
   *     that is not added or not indexing, external when Kafka, the registry or the catalog is down
   */
  public StatementResult execute(String sql, BufferAllocator allocator) {
    throw new UnsupportedOperationException(tables + " " + sql + allocator);
  }

  /** The schema of a statement's result, planned as {@link #execute} plans it, without running it. */
  public Schema schema(String sql) {
    throw new UnsupportedOperationException(sql);
  }

  /** The indexing tables, read again from the tables topic. */
  public List<CatalogTable> catalog() {
    throw new UnsupportedOperationException();
  }

  @Override
  public void close() {}
}
