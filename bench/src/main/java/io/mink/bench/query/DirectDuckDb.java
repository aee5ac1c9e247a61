package io.mink.bench.query;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;

/**
 * The upper bound: DuckDB in this JVM reading the Parquet data files of a snapshot directly, {@code
 * read_parquet([...])}, with as many threads as mink-query gives its DuckDB. No Kafka, no Iceberg, no Arrow hand-over.
 */
final class DirectDuckDb implements Engine, AutoCloseable {
  private final Connection connection;

  DirectDuckDb(int threads) {
    try {
      connection = DriverManager.getConnection("jdbc:duckdb:");
      try (Statement statement = connection.createStatement()) {
        statement.execute("SET threads = " + threads);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot start DuckDB: " + e.getMessage(), e);
    }
  }

  /** {@code read_parquet([...])} of the data files of {@code table}'s current snapshot. */
  static String files(Table table) {
    List<String> paths = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        if (!task.deletes().isEmpty()) {
          throw new IllegalStateException(
              "Table " + table.name() + " has delete files: read_parquet would count deleted rows");
        }
        String location = task.file().location();
        paths.add(location.startsWith("file:") ? location.substring("file:".length()) : location);
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("Cannot plan the files of " + table.name(), e);
    }
    return paths.stream()
        .map(path -> "'" + path.replace("'", "''") + "'")
        .collect(Collectors.joining(", ", "read_parquet([", "])"));
  }

  @Override
  public List<List<Object>> rows(String sql) {
    List<List<Object>> rows = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(sql)) {
      int columns = result.getMetaData().getColumnCount();
      while (result.next()) {
        List<Object> values = new ArrayList<>(columns);
        for (int column = 1; column <= columns; column++) {
          values.add(result.getObject(column));
        }
        rows.add(values);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("DuckDB cannot run '" + sql + "': " + e.getMessage(), e);
    }
    return rows;
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException("Cannot close DuckDB: " + e.getMessage(), e);
    }
  }
}
