package io.mink.lake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.io.RollingDataWriter;

/**
 * The Parquet files of one Kafka partition in one round, rolled at the target file size. Every
 * file it writes holds rows of that partition only, so readers can pair files with partitions.
 * Not thread-safe: one thread writes one partition.
 */
public final class PartitionFileWriter implements AutoCloseable {
  private final Table table;
  private final Schema schema;
  private final RollingDataWriter<Record> writer;
  private long rows;
  private List<DataFile> dataFiles;

  private PartitionFileWriter(Table table, Schema schema, RollingDataWriter<Record> writer) {
    this.table = table;
    this.schema = schema;
    this.writer = writer;
  }

  /** A factory of row writers for the table's current schema, shared by a round's partitions. */
  public static FileWriterFactory<Record> writerFactory(Table table) {
    return writerFactory(table, table.schema());
  }

  /** A factory of row writers for a schema the round will commit, shared by a round's partitions. */
  public static FileWriterFactory<Record> writerFactory(Table table, Schema schema) {
    return new GenericFileWriterFactory.Builder(table).dataSchema(schema).dataFileFormat(FileFormat.PARQUET).build();
  }

  public static PartitionFileWriter open(
      Table table, FileWriterFactory<Record> factory, String roundId, int kafkaPartition, long targetFileSizeBytes) {
    return open(table, table.schema(), factory, roundId, kafkaPartition, targetFileSizeBytes);
  }

  public static PartitionFileWriter open(Table table, Schema schema, FileWriterFactory<Record> factory,
      String roundId, int kafkaPartition, long targetFileSizeBytes) {
    OutputFileFactory files = OutputFileFactory.builderFor(table, kafkaPartition, System.currentTimeMillis())
        .format(FileFormat.PARQUET)
        .operationId(roundId)
        .build();
    RollingDataWriter<Record> writer = new RollingDataWriter<>(
        factory, files, table.io(), targetFileSizeBytes, table.spec(), null);
    return new PartitionFileWriter(table, schema, writer);
  }

  public Schema schema() {
    return schema;
  }

  public void write(Record row) {
    writer.write(row);
    rows++;
  }

  public long rows() {
    return rows;
  }

  /** Closes the current file and returns every file written. */
  public List<DataFile> complete() {
    if (dataFiles == null) {
      try {
        writer.close();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot close Parquet file of table " + table.name(), e);
      }
      dataFiles = writer.result().dataFiles();
    }
    return dataFiles;
  }

  /** Closes and deletes everything written, for a round that will not commit. */
  public void abort() {
    try {
      complete().forEach(file -> table.io().deleteFile(file.location()));
    } catch (RuntimeException e) {
      // best effort: the files are unreferenced either way
    }
  }

  @Override
  public void close() {
    complete();
  }
}
