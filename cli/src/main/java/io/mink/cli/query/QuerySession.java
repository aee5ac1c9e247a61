package io.mink.cli.query;

import io.mink.indexer.config.MinkConfig;
import io.mink.query.sql.QuerySettings;
import io.mink.query.sql.SqlEngine;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/** The engine of one mink-query process over the configured cluster, and the Arrow memory its results use. */
final class QuerySession implements AutoCloseable {
  private final ClusterTables tables;
  private final SqlEngine engine;
  private final BufferAllocator allocator;

  private QuerySession(ClusterTables tables, SqlEngine engine, BufferAllocator allocator) {
    this.tables = tables;
    this.engine = engine;
    this.allocator = allocator;
  }

  static QuerySession open(MinkConfig config, QuerySettings settings) {
    ClusterTables tables = ClusterTables.open(config);
    return new QuerySession(tables, new SqlEngine(tables, settings), new RootAllocator());
  }

  SqlEngine engine() {
    return engine;
  }

  BufferAllocator allocator() {
    return allocator;
  }

  @Override
  public void close() {
    try (tables;
        allocator) {
      engine.close();
    }
  }
}
