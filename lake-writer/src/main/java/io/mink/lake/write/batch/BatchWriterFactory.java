package io.mink.lake.write.batch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.encryption.NativeEncryptionOutputFile;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.util.PropertyUtil;

/**
 * Opens Parquet data files of a table for rows of column batches: encoded a column at a time ({@link
 * ColumnarFileAppender}), or a value at a time through parquet-java's column writers ({@link BatchFileAppender})
 * where the table asks for v2 pages, bloom filters or byte-stream-split encoding, which the column-wise encoder
 * does not write. Each takes the table's
 * properties, metrics configuration and sort order, with writer properties on top (row group size, column
 * encodings). Shared by a round's partitions.
 */
public final class BatchWriterFactory implements FileWriterFactory<BatchRow> {
  private final Table table;
  private final Schema schema;
  private final Map<String, String> writerProperties;
  private final BatchFileLayout layout;
  private final Configuration conf;
  private final MetricsConfig metricsConfig;

  public BatchWriterFactory(Table table, Schema schema, Map<String, String> writerProperties) {
    this.table = table;
    this.schema = schema;
    this.writerProperties = Map.copyOf(writerProperties);
    Map<String, String> properties = new HashMap<>(table.properties());
    properties.putAll(writerProperties);
    this.layout = BatchFileLayout.of(schema, properties);
    this.conf = new Configuration(false);
    layout.settings().codecSettings().forEach(conf::set);
    this.metricsConfig = MetricsConfig.forTable(table);
  }

  public Schema schema() {
    return schema;
  }

  /** The row group size of its files: the writer properties', else the table's, else Iceberg's default. */
  public long rowGroupSizeBytes() {
    Map<String, String> properties = new HashMap<>(table.properties());
    properties.putAll(writerProperties);
    return PropertyUtil.propertyAsLong(
        properties,
        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES,
        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES_DEFAULT);
  }

  /**
   * A data file writer: Mink's own appender, or Iceberg's builder for a table with Parquet's native encryption,
   * which encrypts inside the file.
   */
  @Override
  public DataWriter<BatchRow> newDataWriter(
      EncryptedOutputFile file, PartitionSpec spec, StructLike partition) {
    if (file instanceof NativeEncryptionOutputFile) {
      return encryptedDataWriter(file, spec, partition);
    }
    OutputFile output = file.encryptingOutputFile();
    FileAppender<BatchRow> appender = layout.settings().encodesColumnWise()
        ? new ColumnarFileAppender(output, layout, conf, metricsConfig)
        : new BatchFileAppender(output, layout, conf, metricsConfig);
    return new DataWriter<>(
        appender,
        FileFormat.PARQUET,
        output.location(),
        spec,
        partition,
        file.keyMetadata(),
        table.sortOrder());
  }

  private DataWriter<BatchRow> encryptedDataWriter(
      EncryptedOutputFile file, PartitionSpec spec, StructLike partition) {
    try {
      return Parquet.writeData(file)
          .schema(schema)
          .setAll(table.properties())
          .setAll(writerProperties)
          .metricsConfig(metricsConfig)
          .withSortOrder(table.sortOrder())
          .createWriterFunc(type -> BatchParquetWriter.of(schema, type))
          .withSpec(spec)
          .withPartition(partition)
          .withKeyMetadata(file.keyMetadata())
          .build();
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot open a Parquet file of table " + table.name() + " at "
              + file.encryptingOutputFile().location() + ": " + e.getMessage(),
          e);
    }
  }

  @Override
  public EqualityDeleteWriter<BatchRow> newEqualityDeleteWriter(
      EncryptedOutputFile file, PartitionSpec spec, StructLike partition) {
    throw new UnsupportedOperationException("Mink's tiering rounds write data files only");
  }

  @Override
  public PositionDeleteWriter<BatchRow> newPositionDeleteWriter(
      EncryptedOutputFile file, PartitionSpec spec, StructLike partition) {
    throw new UnsupportedOperationException("Mink's tiering rounds write data files only");
  }
}
