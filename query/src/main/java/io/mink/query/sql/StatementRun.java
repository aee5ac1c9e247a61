package io.mink.query.sql;

import io.mink.schema.batch.RowBatch;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * One statement on its own DuckDB connection: the scans of its tables registered as Arrow streams, then the
 * statement itself. Closing it closes DuckDB's result, the streams, the scans and the connection, in that order.
 */
final class StatementRun implements AutoCloseable {
  private final Connection connection;
  private final BufferAllocator allocator;
  private final List<TableScan> scans = new ArrayList<>();
  private final List<ScanStream> streams = new ArrayList<>();
  private final Map<TableScan, List<ScanStream>> streamsOfScans = new HashMap<>();
  private final List<ArrowArrayStream> exported = new ArrayList<>();
  private Statement statement;
  private DuckDBResultSet results;

  StatementRun(Connection connection) {
    this.connection = connection;
    this.allocator = RowBatch.newChildAllocator("mink-query statement");
  }

  Connection connection() {
    return connection;
  }

  /**
   * Registers the scan's splits as DuckDB streams and gives the SQL that reads them as one relation; a scan DuckDB
   * may read more than once (in a recursive statement or a common table expression) is copied into a temporary table
   * first.
   *
   * @param empty the schema of the relation when the scan has no split
   */
  String register(TableScan scan, Schema empty, boolean copied) throws SQLException {
    scans.add(scan);
    List<String> names = new ArrayList<>();
    scan.nativeLake().ifPresent(names::add);
    List<ScanStream> ofScan = new ArrayList<>();
    for (TableScan.Split split : scan.splits()) {
      ScanStream stream = new ScanStream(allocator, TableScan.schema(split), split.result());
      ofScan.add(stream);
      names.add(stream(stream));
    }
    streamsOfScans.put(scan, ofScan);
    if (names.isEmpty()) {
      names.add(stream(new ScanStream(allocator, empty, null)));
    }
    String relation = names.size() == 1
        ? names.get(0)
        : "("
            + String.join(
                " UNION ALL BY NAME ",
                names.stream().map(n -> "SELECT * FROM " + n).toList())
            + ")";
    if (!copied) {
      return relation;
    }
    String table = Identifiers.quote("__mink_copy_" + exported.size());
    try (Statement copy = connection.createStatement()) {
      copy.execute("CREATE TEMP TABLE " + table + " AS SELECT * FROM " + relation);
    }
    return table;
  }

  /** Closes the scan with the statement, for a scan whose rows DuckDB does not read (a count from the manifests). */
  void keep(TableScan scan) {
    scans.add(scan);
  }

  private String stream(ScanStream stream) throws SQLException {
    String name = "__mink_scan_" + exported.size();
    streams.add(stream);
    ArrowArrayStream c = ArrowArrayStream.allocateNew(allocator);
    exported.add(c);
    Data.exportArrayStream(allocator, stream, c);
    connection.unwrap(DuckDBConnection.class).registerArrowStream(name, c);
    return Identifiers.quote(name);
  }

  /** Runs the statement; its batches are read from DuckDB into {@code into}'s buffers as they are taken. */
  ArrowReader query(String sql, BufferAllocator into, int batchSize) throws SQLException {
    statement = connection.createStatement();
    results = (DuckDBResultSet) statement.executeQuery(sql);
    return (ArrowReader) results.arrowExportStream(into, batchSize);
  }

  /** The streams of a scan's splits. */
  List<ScanStream> streams(TableScan scan) {
    return streamsOfScans.getOrDefault(scan, List.of());
  }

  /** The first failure of a scan while DuckDB pulled it, which is what a failed statement reports. */
  Optional<RuntimeException> scanFailure() {
    return streams.stream().map(ScanStream::failure).filter(f -> f != null).findFirst();
  }

  @Override
  public void close() {
    closeQuietly(results);
    closeQuietly(statement);
    exported.forEach(StatementRun::closeQuietly);
    streams.forEach(StatementRun::closeQuietly);
    scans.forEach(StatementRun::closeQuietly);
    closeQuietly(connection);
    allocator.close();
  }

  private static void closeQuietly(AutoCloseable closeable) {
    if (closeable == null) {
      return;
    }
    try {
      closeable.close();
    } catch (Exception ignored) {
      // the statement is over; what its resources say while closing changes nothing
    }
  }
}
