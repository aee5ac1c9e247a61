package io.mink.query.sql;

import static java.util.Objects.requireNonNull;

import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A statement under way: its result's schema, and its batches as DuckDB produces them. Closing it stops the statement
 * and releases the scans of its tables.
 */
public final class StatementResult implements AutoCloseable {
  private final Schema schema;
  private final ArrowReader reader;
  private final AutoCloseable resources;

  StatementResult(Schema schema, ArrowReader reader, AutoCloseable resources) {
    this.schema = requireNonNull(schema, "schema is null");
    this.reader = requireNonNull(reader, "reader is null");
    this.resources = requireNonNull(resources, "resources is null");
  }

  public Schema schema() {
    return schema;
  }

  /** The result's batches: {@code loadNextBatch()} fills {@code getVectorSchemaRoot()} with the next one. */
  public ArrowReader reader() {
    return reader;
  }

  @Override
  public void close() {
    try {
      resources.close();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("Cannot close the statement: " + e.getMessage(), e);
    }
  }
}
