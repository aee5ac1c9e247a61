package io.mink.lake.write.duckdb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FieldMetrics;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.parquet.ParquetUtil;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;

/**
 * Moves a finished local Parquet file to the table's data location through its FileIO, under a name of the
 * round's {@link OutputFileFactory}, and describes it as an Iceberg data file: metrics and split offsets from
 * its footer, as Iceberg computes them for files it did not write.
 */
final class DataFilePublisher {
  private final Table table;
  private final OutputFileFactory files;
  private final PartitionSpec spec;
  private final StructLike partition;

  DataFilePublisher(
      Table table, OutputFileFactory files, PartitionSpec spec, StructLike partition) {
    this.table = table;
    this.files = files;
    this.spec = spec;
    this.partition = partition;
  }

  /** Publishes the file; {@code fieldMetrics} are metrics the footer lacks, such as NaN counts. */
  DataFile publish(Path local, Stream<FieldMetrics<?>> fieldMetrics) {
    ParquetMetadata footer = footer(local);
    Metrics metrics =
        ParquetUtil.footerMetrics(footer, fieldMetrics, MetricsConfig.forTable(table));
    EncryptedOutputFile encrypted = files.newOutputFile(spec, partition);
    OutputFile remote = encrypted.encryptingOutputFile();
    long size = copy(local, remote);
    return DataFiles.builder(spec)
        .withPath(remote.location())
        .withFormat(FileFormat.PARQUET)
        .withFileSizeInBytes(size)
        .withPartition(partition)
        .withMetrics(metrics)
        .withSplitOffsets(ParquetUtil.getSplitOffsets(footer))
        .withSortOrder(table.sortOrder())
        .withEncryptionKeyMetadata(encrypted.keyMetadata())
        .build();
  }

  void delete(DataFile file) {
    deleteQuietly(file.location());
  }

  private void deleteQuietly(String location) {
    try {
      table.io().deleteFile(location);
    } catch (RuntimeException e) {
      // best effort: an aborted round's files are unreferenced either way
    }
  }

  private static ParquetMetadata footer(Path local) {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(local))) {
      return reader.getFooter();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read the footer of the Parquet file DuckDB wrote at " + local, e);
    }
  }

  private long copy(Path local, OutputFile remote) {
    try (InputStream in = Files.newInputStream(local);
        PositionOutputStream out = remote.create()) {
      in.transferTo(out);
      out.flush();
      return out.getPos();
    } catch (IOException e) {
      deleteQuietly(remote.location());
      throw new UncheckedIOException(
          "Cannot copy DuckDB's file " + local + " to " + remote.location() + ": " + e.getMessage(),
          e);
    }
  }
}
