package io.mink.lake.write.duckdb;

import io.mink.schema.batch.ArrowSchemas;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.iceberg.Schema;
import org.duckdb.DuckDBConnection;

/**
 * One local Parquet file written by DuckDB: an in-memory DuckDB with one thread runs {@code COPY ... TO} on a
 * thread of its own, reading the batches {@link #write} hands over as an Arrow stream. {@link #finish} ends
 * the stream and waits for the file; a failure of the COPY surfaces on the next call.
 */
final class DuckDbCopy {
  private static final long WAIT_MILLIS = 100;
  private static final String STREAM = "mink_batches";

  private final Path file;
  private final BufferAllocator allocator;
  private final BatchStream batches;
  private final ArrowArrayStream exported;
  private final Connection connection;
  private final CompletableFuture<Void> copied = new CompletableFuture<>();
  private boolean released;

  private DuckDbCopy(
      Path file,
      BufferAllocator allocator,
      BatchStream batches,
      ArrowArrayStream exported,
      Connection connection) {
    this.file = file;
    this.allocator = allocator;
    this.batches = batches;
    this.exported = exported;
    this.connection = connection;
  }

  /** Starts the COPY of rows of {@code schema} to {@code file}, with row groups of about {@code rowGroupBytes}. */
  static DuckDbCopy start(Schema schema, Path file, long rowGroupBytes) {
    BufferAllocator allocator = RowBatch.newChildAllocator("duckdb " + file.getFileName());
    BatchStream batches = new BatchStream(allocator, ArrowSchemas.of(schema));
    ArrowArrayStream exported = ArrowArrayStream.allocateNew(allocator);
    Connection connection = null;
    try {
      connection = DriverManager.getConnection("jdbc:duckdb:");
      configure(connection, file.getParent(), rowGroupBytes);
      Data.exportArrayStream(allocator, batches, exported);
      connection.unwrap(DuckDBConnection.class).registerArrowStream(STREAM, exported);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(connection);
      exported.close();
      closeQuietly(batches);
      allocator.close();
      throw new IllegalStateException(
          "Cannot start DuckDB to write " + file + ": " + e.getMessage(), e);
    }
    DuckDbCopy copy = new DuckDbCopy(file, allocator, batches, exported, connection);
    Thread thread = new Thread(
        () -> copy.run(copySql(schema, file, rowGroupBytes)),
        "mink-writer-duckdb-" + file.getFileName());
    thread.setDaemon(true);
    thread.start();
    return copy;
  }

  private static void configure(Connection connection, Path spillDirectory, long rowGroupBytes)
      throws SQLException {
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET threads = 1");
      statement.execute("SET memory_limit = '" + memoryLimitBytes(rowGroupBytes) + "B'");
      statement.execute("SET temp_directory = " + literal(spillDirectory.toString()));
    }
  }

  /** What DuckDB may hold: the row group it builds, its compressed copy, and room for the batches read. */
  static long memoryLimitBytes(long rowGroupBytes) {
    return 2 * rowGroupBytes + (64L << 20);
  }

  static String copySql(Schema schema, Path file, long rowGroupBytes) {
    return "COPY (SELECT * FROM " + STREAM + ") TO " + literal(file.toString())
        + " (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE_BYTES " + rowGroupBytes
        + ", FIELD_IDS " + DuckDbFieldIds.of(schema) + ")";
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  private void run(String sql) {
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql);
      copied.complete(null);
    } catch (SQLException | RuntimeException e) {
      copied.completeExceptionally(e);
    }
  }

  Path file() {
    return file;
  }

  /** Hands the batch's rows to DuckDB without copying them; the caller still closes its batch. */
  void write(RowBatch batch) {
    ArrowRecordBatch unloaded = new VectorUnloader(batch.root()).getRecordBatch();
    try {
      while (!batches.offer(unloaded, WAIT_MILLIS)) {
        if (copied.isDone()) {
          unloaded.close();
          throw failure();
        }
      }
    } catch (InterruptedException e) {
      unloaded.close();
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while handing a column batch to DuckDB", e);
    }
  }

  /** The bytes DuckDB has written to the file so far: its row groups, whole, once flushed. */
  long size() {
    try {
      return Files.exists(file) ? Files.size(file) : 0;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the size of DuckDB's file " + file, e);
    }
  }

  /** Ends the stream and waits for DuckDB to close the file; throws DuckDB's failure if it failed. */
  Path finish() {
    try {
      while (!batches.offerEnd(WAIT_MILLIS)) {
        if (copied.isDone()) {
          break;
        }
      }
      awaitCopy();
      if (copied.isCompletedExceptionally()) {
        throw failure();
      }
      return file;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abort();
      throw new IllegalStateException("Interrupted while DuckDB finished " + file, e);
    } finally {
      release();
    }
  }

  /** Stops the COPY and deletes the file. */
  void abort() {
    batches.abort();
    try {
      awaitCopy();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      release();
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // the file is in a temporary directory its writer deletes
      }
    }
  }

  private void awaitCopy() throws InterruptedException {
    try {
      copied.get();
    } catch (ExecutionException e) {
      // kept in the future: finish and write report it
    }
  }

  private RuntimeException failure() {
    Throwable cause = copied.handle((ok, error) -> error).join();
    String message = cause == null ? "the COPY ended before its last batch" : cause.getMessage();
    return new IllegalStateException("DuckDB could not write " + file + ": " + message, cause);
  }

  private void release() {
    if (released || !copied.isDone()) {
      return;
    }
    released = true;
    closeQuietly(connection);
    exported.release();
    exported.close();
    closeQuietly(batches);
    allocator.close();
  }

  private static void closeQuietly(BatchStream batches) {
    try {
      batches.close();
    } catch (IOException e) {
      // closing the stream only releases its vectors
    }
  }

  private static void closeQuietly(Connection connection) {
    if (connection == null) {
      return;
    }
    try {
      connection.close();
    } catch (SQLException e) {
      // the in-memory database has nothing to keep
    }
  }
}
