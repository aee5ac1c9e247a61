package io.mink.bench.query;

import io.mink.query.sql.SqlEngine;
import io.mink.query.sql.StatementResult;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/** mink-query: the statement through {@link SqlEngine}, every batch of its answer read. */
final class MinkEngine implements Engine {
  private final SqlEngine engine;

  MinkEngine(SqlEngine engine) {
    this.engine = engine;
  }

  @Override
  public List<List<Object>> rows(String sql) {
    List<List<Object>> rows = new ArrayList<>();
    try (BufferAllocator allocator = RowBatch.newChildAllocator("bench-query");
        StatementResult result = engine.execute(sql, allocator)) {
      while (result.reader().loadNextBatch()) {
        VectorSchemaRoot root = result.reader().getVectorSchemaRoot();
        for (int row = 0; row < root.getRowCount(); row++) {
          List<Object> values = new ArrayList<>();
          for (int column = 0; column < root.getFieldVectors().size(); column++) {
            values.add(root.getVector(column).getObject(row));
          }
          rows.add(values);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the answer to '" + sql + "'", e);
    }
    return rows;
  }
}
