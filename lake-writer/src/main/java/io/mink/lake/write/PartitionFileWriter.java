package io.mink.lake.write;

import io.mink.lake.PartitionSpecs;
import io.mink.lake.write.batch.BatchRow;
import io.mink.lake.write.batch.BatchWriterFactory;
import io.mink.lake.write.duckdb.DuckDbFileWriter;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.encryption.PlaintextEncryptionManager;
import org.apache.iceberg.io.DataWriteResult;
import org.apache.iceberg.io.FanoutDataWriter;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.io.PartitioningWriter;
import org.apache.iceberg.io.RollingDataWriter;

/**
 * The Parquet files of one Kafka partition in one round, rolled at the target file size. Every
 * file it writes holds rows of that partition only, so readers can pair files with partitions.
 * Not thread-safe: one thread writes one partition.
 *
 * <p>The files follow the table's partition spec. With the default spec (identity on
 * _kafka_partition) or none, all rows share one partition key and one rolling file is open. With
 * more fields (say day(_kafka_timestamp)) each row's key is computed and a fanout writer keeps one
 * rolling file open per key the round meets.
 */
public final class PartitionFileWriter implements AutoCloseable {
  private final Table table;
  private final Schema schema;
  private final RollingDataWriter<BatchRow> single;
  private final PartitioningWriter<BatchRow, DataWriteResult> fanout;
  private final DuckDbFileWriter duckDb;
  private final PartitionSpec spec;
  private final PartitionKey key;
  private final BatchRow row = new BatchRow();
  private long rows;
  private List<DataFile> dataFiles;

  private PartitionFileWriter(
      Table table,
      Schema schema,
      RollingDataWriter<BatchRow> single,
      PartitioningWriter<BatchRow, DataWriteResult> fanout,
      DuckDbFileWriter duckDb,
      PartitionSpec spec) {
    this.table = table;
    this.schema = schema;
    this.single = single;
    this.fanout = fanout;
    this.duckDb = duckDb;
    this.spec = spec;
    this.key = fanout == null ? null : new PartitionKey(spec, schema);
  }

  /** A factory of file writers for the table's current schema, shared by a round's partitions. */
  public static FileWriterFactory<BatchRow> writerFactory(Table table) {
    return writerFactory(table, table.schema());
  }

  /** A factory of file writers for a schema the round will commit, shared by a round's partitions. */
  public static FileWriterFactory<BatchRow> writerFactory(Table table, Schema schema) {
    return writerFactory(table, schema, Map.of());
  }

  /**
   * A factory of file writers for a schema, with Parquet writer properties that override the table's, such
   * as a smaller row group to bound the memory each open file holds.
   */
  public static FileWriterFactory<BatchRow> writerFactory(
      Table table, Schema schema, Map<String, String> writerProperties) {
    return new BatchWriterFactory(table, schema, writerProperties);
  }

  public static PartitionFileWriter open(
      Table table,
      FileWriterFactory<BatchRow> factory,
      String roundId,
      int kafkaPartition,
      long targetFileSizeBytes) {
    return open(table, table.schema(), factory, roundId, kafkaPartition, targetFileSizeBytes);
  }

  /** Opens the files of one Kafka partition, written by the table's current partition spec. */
  public static PartitionFileWriter open(
      Table table,
      Schema schema,
      FileWriterFactory<BatchRow> factory,
      String roundId,
      int kafkaPartition,
      long targetFileSizeBytes) {
    OutputFileFactory files = outputFiles(table, roundId, kafkaPartition);
    PartitionSpec spec = table.spec();
    if (spec.isUnpartitioned() || PartitionSpecs.isKafkaPartitionOnly(spec)) {
      RollingDataWriter<BatchRow> writer = new RollingDataWriter<>(
          factory,
          files,
          table.io(),
          targetFileSizeBytes,
          spec,
          kafkaPartitionKey(spec, schema, kafkaPartition));
      return new PartitionFileWriter(table, schema, writer, null, null, spec);
    }
    FanoutDataWriter<BatchRow> writer =
        new FanoutDataWriter<>(factory, files, table.io(), targetFileSizeBytes);
    return new PartitionFileWriter(table, schema, null, writer, null, spec);
  }

  /**
   * Opens the files of one Kafka partition, encoded by {@code encoder} where it can write the schema and the
   * table's partition spec ({@link ParquetEncoder#forFiles}) and the table is not encrypted, else by
   * parquet-java as {@link #open} does.
   * DuckDB writes row groups of the factory's row group size.
   */
  public static PartitionFileWriter open(
      Table table,
      Schema schema,
      FileWriterFactory<BatchRow> factory,
      String roundId,
      int kafkaPartition,
      long targetFileSizeBytes,
      ParquetEncoder encoder) {
    PartitionSpec spec = table.spec();
    if (encoder.forFiles(schema, spec) != ParquetEncoder.DUCKDB
        || !(table.encryption() instanceof PlaintextEncryptionManager)) {
      return open(table, schema, factory, roundId, kafkaPartition, targetFileSizeBytes);
    }
    long rowGroupBytes = factory instanceof BatchWriterFactory batches
        ? batches.rowGroupSizeBytes()
        : new BatchWriterFactory(table, schema, Map.of()).rowGroupSizeBytes();
    DuckDbFileWriter writer = DuckDbFileWriter.open(
        table,
        schema,
        outputFiles(table, roundId, kafkaPartition),
        spec,
        kafkaPartitionKey(spec, schema, kafkaPartition),
        targetFileSizeBytes,
        rowGroupBytes);
    return new PartitionFileWriter(table, schema, null, null, writer, spec);
  }

  private static OutputFileFactory outputFiles(Table table, String roundId, int kafkaPartition) {
    return FileNames.forWriter(table, kafkaPartition, roundId, FileFormat.PARQUET);
  }

  /** The one partition key of a Kafka partition's rows under a spec of identity(_kafka_partition) only, or null. */
  public static StructLike kafkaPartitionKey(
      PartitionSpec spec, Schema schema, int kafkaPartition) {
    if (spec.isUnpartitioned()) {
      return null;
    }
    GenericRecord template = GenericRecord.create(schema);
    template.setField(KafkaColumns.PARTITION, kafkaPartition);
    PartitionKey key = new PartitionKey(spec, schema);
    key.partition(template);
    return key;
  }

  public Schema schema() {
    return schema;
  }

  /** Writes every row of the batch, in order. */
  public void write(RowBatch batch) {
    int count = batch.rows();
    if (duckDb != null) {
      duckDb.write(batch);
      rows += count;
      return;
    }
    try {
      for (int index = 0; index < count; index++) {
        row.at(batch, index);
        if (single != null) {
          single.write(row);
        } else {
          key.partition(row);
          fanout.write(row, spec, key);
        }
      }
    } catch (RuntimeException e) {
      try {
        row.endBatch();
      } catch (RuntimeException encoding) {
        e.addSuppressed(encoding);
      }
      throw e;
    }
    row.endBatch();
    rows += count;
  }

  /** Writes Iceberg generic rows of the writer's schema, in order, as one batch. */
  public void write(List<? extends StructLike> generic) {
    try (RowBatch batch = RowBatch.of(schema, generic)) {
      write(batch);
    }
  }

  public long rows() {
    return rows;
  }

  /** Closes the open files and returns every file written. */
  public List<DataFile> complete() {
    if (dataFiles == null) {
      try {
        if (duckDb != null) {
          dataFiles = duckDb.complete();
        } else if (single != null) {
          single.close();
          dataFiles = single.result().dataFiles();
        } else {
          fanout.close();
          dataFiles = fanout.result().dataFiles();
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot close Parquet file of table " + table.name(), e);
      }
    }
    return dataFiles;
  }

  /** Closes and deletes everything written, for a round that will not commit. */
  public void abort() {
    if (duckDb != null) {
      duckDb.abort();
      dataFiles = List.of();
      return;
    }
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
