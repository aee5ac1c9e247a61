package io.mink.lake.write.duckdb;

import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.OutputFileFactory;

/**
 * The Parquet files of one Kafka partition written by DuckDB, rolled at the target file size: each file is
 * written locally by a {@link DuckDbCopy}, then copied to the table's data location through its FileIO and
 * described as an Iceberg data file. Every row must have the one partition key given (see {@link DuckDbSupport}).
 * Not thread-safe: one thread writes one partition.
 */
public final class DuckDbFileWriter {
  private final Schema schema;
  private final long targetFileSizeBytes;
  private final long rowGroupBytes;
  private final Path directory;
  private final DataFilePublisher publisher;
  private final List<DataFile> dataFiles = new ArrayList<>();
  private DuckDbCopy open;
  private FloatColumnMetrics floatMetrics;
  private int fileCount;

  private DuckDbFileWriter(
      Schema schema,
      long targetFileSizeBytes,
      long rowGroupBytes,
      Path directory,
      DataFilePublisher publisher) {
    this.schema = schema;
    this.targetFileSizeBytes = targetFileSizeBytes;
    this.rowGroupBytes = rowGroupBytes;
    this.directory = directory;
    this.publisher = publisher;
  }

  /**
   * Opens the files of rows of {@code schema} in {@code table}, under the spec's partition {@code partition},
   * named by {@code files}; each file rolls once it holds {@code targetFileSizeBytes}.
   */
  public static DuckDbFileWriter open(
      Table table,
      Schema schema,
      OutputFileFactory files,
      PartitionSpec spec,
      StructLike partition,
      long targetFileSizeBytes,
      long rowGroupBytes) {
    Path directory;
    try {
      directory = Files.createTempDirectory("mink-duckdb-");
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create a local directory for DuckDB's files: check that java.io.tmpdir ("
              + System.getProperty("java.io.tmpdir") + ") exists and is writable",
          e);
    }
    return new DuckDbFileWriter(
        schema,
        targetFileSizeBytes,
        rowGroupBytes,
        directory,
        new DataFilePublisher(table, files, spec, partition));
  }

  /** Hands every row of the batch to the open file, in order; the caller may close the batch after. */
  public void write(RowBatch batch) {
    if (batch.rows() == 0) {
      return;
    }
    if (open == null) {
      open = DuckDbCopy.start(
          schema, directory.resolve("part-" + fileCount++ + ".parquet"), rowGroupBytes);
      floatMetrics = new FloatColumnMetrics(schema);
    }
    open.write(batch);
    floatMetrics.add(batch);
    if (open.size() >= targetFileSizeBytes) {
      closeOpenFile();
    }
  }

  /** Closes the open file and returns every file written, each copied to the table's location. */
  public List<DataFile> complete() {
    if (open != null) {
      closeOpenFile();
    }
    deleteDirectory();
    return List.copyOf(dataFiles);
  }

  /** Stops the open file and deletes every file written, local and in the table's location. */
  public void abort() {
    try {
      if (open != null) {
        DuckDbCopy aborted = open;
        open = null;
        aborted.abort();
      }
    } finally {
      dataFiles.forEach(publisher::delete);
      dataFiles.clear();
      deleteDirectory();
    }
  }

  private void closeOpenFile() {
    DuckDbCopy closing = open;
    open = null;
    Path local = closing.finish();
    try {
      dataFiles.add(publisher.publish(local, floatMetrics.metrics()));
    } finally {
      deleteQuietly(local);
    }
  }

  private void deleteDirectory() {
    try (Stream<Path> left = Files.list(directory)) {
      left.forEach(DuckDbFileWriter::deleteQuietly);
    } catch (IOException e) {
      // already gone
    }
    deleteQuietly(directory);
  }

  private static void deleteQuietly(Path path) {
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      // a temporary file: the operating system cleans its temporary directory
    }
  }
}
