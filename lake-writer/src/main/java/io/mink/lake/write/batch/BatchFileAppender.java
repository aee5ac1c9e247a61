package io.mink.lake.write.batch;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.MetricsConfig;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.ParquetCodecFactory;
import org.apache.iceberg.parquet.ParquetUtil;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.factory.DefaultV1ValuesWriterFactory;
import org.apache.parquet.column.values.factory.DefaultV2ValuesWriterFactory;
import org.apache.parquet.column.values.factory.ValuesWriterFactory;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.schema.MessageType;

/**
 * One Parquet data file of rows of column batches, written as Iceberg's own Parquet appender writes it (the same
 * row groups, pages, footer and metrics) with three differences that matter per file and per page: the settings,
 * Parquet schema and Hadoop configuration are made once per table schema, not per file; page buffers are reused
 * from page to page ({@link SlabPool}); and bytes go straight to the table's FileIO.
 *
 * <p>Files are written on several threads at once, so each file's properties get an allocator and a values
 * writer factory of their own.
 */
final class BatchFileAppender implements FileAppender<BatchRow> {
  /**
   * Page buffers a file keeps for reuse at most, and at most a quarter of its row group: the column writers release
   * theirs at every page and take the same sizes again, so the pool holds little at a time. It is emptied at every
   * row group, whose new writers start from other sizes, and the compressed pages a row group collects are taken
   * from the heap directly, since their sizes never repeat.
   */
  private static final long MAX_POOLED_BYTES = 16L << 20;

  private final MessageType parquetSchema;
  private final ParquetWriteSettings settings;
  private final ParquetProperties properties;
  private final BatchParquetWriter model;
  private final MetricsConfig metricsConfig;
  private final Map<String, String> metadata;
  private final ParquetCodecFactory codecs;
  private final BytesInputCompressor compressor;
  private final ParquetFileWriter writer;
  private ColumnChunkPageWriteStore pageStore;
  private ColumnWriteStore writeStore;
  private long recordCount;
  private long nextCheckRecordCount;
  private int rowGroupOrdinal;
  private boolean closed;

  BatchFileAppender(
      OutputFile file, BatchFileLayout layout, Configuration conf, MetricsConfig metricsConfig) {
    this.parquetSchema = layout.parquetSchema();
    this.settings = layout.settings();
    this.properties = ParquetProperties.copy(settings.properties())
        .withAllocator(new SlabPool(Math.min(MAX_POOLED_BYTES, settings.rowGroupBytes() / 4)))
        .withValuesWriterFactory(valuesWriters(settings.properties()))
        .build();
    this.model = BatchParquetWriter.of(layout.schema(), parquetSchema);
    this.metricsConfig = metricsConfig;
    this.metadata = layout.footerMetadata();
    this.codecs = new ParquetCodecFactory(conf, properties.getPageSizeThreshold());
    this.compressor = codecs.getCompressor(settings.codec());
    try {
      this.writer = new ParquetFileWriter(
          new ParquetOutput(file),
          parquetSchema,
          ParquetFileWriter.Mode.CREATE,
          settings.rowGroupBytes(),
          0,
          null,
          properties);
      writer.start();
    } catch (IOException e) {
      codecs.release();
      throw new UncheckedIOException("Cannot create Parquet file " + file.location(), e);
    } catch (RuntimeException e) {
      codecs.release();
      throw e;
    }
    startRowGroup();
  }

  /**
   * A values writer factory of this file's own. Parquet's default one hands every file the same static factory,
   * which keeps the properties (allocator and per-column settings) of whichever file was opened last.
   */
  private static ValuesWriterFactory valuesWriters(ParquetProperties base) {
    return base.getWriterVersion() == ParquetProperties.WriterVersion.PARQUET_1_0
        ? new DefaultV1ValuesWriterFactory()
        : new DefaultV2ValuesWriterFactory();
  }

  @Override
  public void add(BatchRow row) {
    model.write(0, row);
    recordCount++;
    writeStore.endRecord();
    checkSize();
  }

  private void checkSize() {
    if (recordCount < nextCheckRecordCount) {
      return;
    }
    long buffered = writeStore.getBufferedSize();
    double rowBytes = (double) buffered / recordCount;
    if (buffered > settings.rowGroupBytes() - 2 * rowBytes) {
      flushRowGroup(false);
    } else {
      long rowsLeft = (long) ((settings.rowGroupBytes() - buffered) / rowBytes);
      nextCheckRecordCount = recordCount
          + Math.min(
              Math.max(rowsLeft / 2, properties.getMinRowCountForPageSizeCheck()),
              properties.getMaxRowCountForPageSizeCheck());
    }
  }

  private void flushRowGroup(boolean last) {
    if (recordCount == 0) {
      return;
    }
    try {
      writer.startBlock(recordCount);
      writeStore.flush();
      pageStore.flushToFileWriter(writer);
      writer.endBlock();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a row group of " + writer, e);
    }
    if (!last) {
      writeStore.close();
      pageStore.close();
      startRowGroup();
    }
  }

  private void startRowGroup() {
    ((SlabPool) properties.getAllocator()).clear();
    nextCheckRecordCount = Math.min(
        Math.max(recordCount / 2, properties.getMinRowCountForPageSizeCheck()),
        properties.getMaxRowCountForPageSizeCheck());
    recordCount = 0;
    pageStore = new ColumnChunkPageWriteStore(
        compressor,
        parquetSchema,
        HeapByteBufferAllocator.getInstance(),
        properties.getColumnIndexTruncateLength(),
        properties.getPageWriteChecksumEnabled(),
        null,
        rowGroupOrdinal++);
    writeStore = properties.newColumnWriteStore(parquetSchema, pageStore, pageStore);
    model.setColumnStore(writeStore);
  }

  @Override
  public Metrics metrics() {
    if (!closed) {
      throw new IllegalStateException(
          "Cannot return metrics of a Parquet file still being written");
    }
    return ParquetUtil.footerMetrics(writer.getFooter(), model.metrics(), metricsConfig);
  }

  @Override
  public long length() {
    try {
      long written = writer.getPos();
      return closed || recordCount == 0 ? written : written + writeStore.getBufferedSize();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the length of " + writer, e);
    }
  }

  @Override
  public List<Long> splitOffsets() {
    return closed ? ParquetUtil.getSplitOffsets(writer.getFooter()) : null;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      flushRowGroup(true);
      writeStore.close();
      pageStore.close();
      writer.end(metadata);
    } finally {
      codecs.release();
    }
  }
}
