package io.mink.lake.write.batch;

import io.mink.schema.batch.RowBatch;
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
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.schema.MessageType;

/**
 * One Parquet data file of rows of column batches, encoded a column at a time: the rows a file takes from a
 * batch are collected as indexes and, at the batch's end, when its length is asked or every {@link
 * #MAX_PENDING_ROWS} rows, shredded
 * into each leaf column's levels and encoded into its pages straight from the Arrow vectors ({@link
 * ColumnLeaf}). Pages, dictionaries, the column and offset indexes and the footer are written by parquet-java's
 * page store and file writer, so the file, its statistics and Iceberg's metrics are what Iceberg's own Parquet
 * appender makes of the same rows, with the same row group, page and dictionary settings.
 */
final class ColumnarFileAppender implements FileAppender<BatchRow> {
  /** Rows collected at most before they are encoded. */
  static final int MAX_PENDING_ROWS = 4096;

  /** Rows shredded at a time, at most. */
  private static final int MAX_RUN_ROWS = 1024;

  private final MessageType parquetSchema;
  private final ParquetWriteSettings settings;
  private final ParquetProperties properties;
  private final ShredPlan plan;
  private final MetricsConfig metricsConfig;
  private final Map<String, String> metadata;
  private final ParquetCodecFactory codecs;
  private final BytesInputCompressor compressor;
  private final ParquetFileWriter writer;
  private final Slots rows = new Slots();
  private final int[] pending = new int[MAX_PENDING_ROWS];
  private final Runnable drain = this::drain;
  private ColumnChunkPageWriteStore pageStore;
  private RowBatch bound;
  private int pendingCount;
  private long recordCount;
  private int rowGroupOrdinal;
  private boolean closed;

  ColumnarFileAppender(
      OutputFile file, BatchFileLayout layout, Configuration conf, MetricsConfig metricsConfig) {
    this.parquetSchema = layout.parquetSchema();
    this.settings = layout.settings();
    this.properties = settings.properties();
    this.plan = ShredPlan.of(layout.schema(), parquetSchema, properties);
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

  @Override
  public void add(BatchRow row) {
    if (row.batch() != bound) {
      drain();
      bound = row.batch();
      row.whenBatchEnds(drain);
    }
    pending[pendingCount++] = row.index();
    if (pendingCount == MAX_PENDING_ROWS) {
      drain();
    }
  }

  /** Encodes the rows collected from the bound batch, which is still open. */
  private void drain() {
    if (pendingCount == 0 || closed) {
      return;
    }
    Shredders.Shredder[] fields = plan.fields();
    int from = 0;
    while (from < pendingCount) {
      int count = Math.min(pendingCount - from, rowsToFillPages());
      rows.rows(pending, from, count);
      for (int i = 0; i < fields.length; i++) {
        fields[i].shred(bound.column(i), rows);
      }
      from += count;
      recordCount += count;
      for (ColumnLeaf leaf : plan.leaves()) {
        if (leaf.pageFull() || leaf.pageRows() >= properties.getPageRowCountLimit()) {
          leaf.writePage();
        }
      }
      checkRowGroupSize();
    }
    pendingCount = 0;
  }

  /** Rows that fill no column's page past its size or row count, as the pages' rows so far predict. */
  private int rowsToFillPages() {
    int rowLimit = properties.getPageRowCountLimit();
    long threshold = properties.getPageSizeThreshold();
    long fit = MAX_RUN_ROWS;
    for (ColumnLeaf leaf : plan.leaves()) {
      int pageRows = leaf.pageRows();
      fit = Math.min(fit, rowLimit - pageRows);
      long bytes = leaf.pageBytes();
      if (pageRows > 0 && bytes > 0) {
        fit = Math.min(fit, (threshold - bytes) * pageRows / bytes + 1);
      }
    }
    return (int) Math.max(1, fit);
  }

  private long bufferedBytes() {
    long buffered = 0;
    for (ColumnLeaf leaf : plan.leaves()) {
      buffered += leaf.bufferedBytes();
    }
    return buffered;
  }

  private void checkRowGroupSize() {
    long buffered = bufferedBytes();
    double rowBytes = (double) buffered / recordCount;
    if (buffered > settings.rowGroupBytes() - 2 * rowBytes) {
      flushRowGroup(false);
    }
  }

  private void flushRowGroup(boolean last) {
    if (recordCount == 0) {
      return;
    }
    try {
      for (ColumnLeaf leaf : plan.leaves()) {
        leaf.finishChunk();
      }
      writer.startBlock(recordCount);
      pageStore.flushToFileWriter(writer);
      writer.endBlock();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a row group of " + writer, e);
    }
    if (!last) {
      pageStore.close();
      startRowGroup();
    }
  }

  private void startRowGroup() {
    recordCount = 0;
    pageStore = new ColumnChunkPageWriteStore(
        compressor,
        parquetSchema,
        HeapByteBufferAllocator.getInstance(),
        properties.getColumnIndexTruncateLength(),
        properties.getPageWriteChecksumEnabled(),
        null,
        rowGroupOrdinal++);
    for (ColumnLeaf leaf : plan.leaves()) {
      leaf.startChunk(pageStore.getPageWriter(leaf.desc));
    }
  }

  @Override
  public Metrics metrics() {
    if (!closed) {
      throw new IllegalStateException(
          "Cannot return metrics of a Parquet file still being written");
    }
    return ParquetUtil.footerMetrics(
        writer.getFooter(), plan.leaves().stream().flatMap(ColumnLeaf::metrics), metricsConfig);
  }

  /**
   * The bytes written and those buffered, once the rows collected so far are encoded: the rolling writer asks
   * between rows, while their batch is open, and rolls the file at its target size from this.
   */
  @Override
  public long length() {
    try {
      if (closed) {
        return writer.getPos();
      }
      drain();
      return writer.getPos() + bufferedBytes();
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
    try {
      drain();
      closed = true;
      flushRowGroup(true);
      pageStore.close();
      writer.end(metadata);
    } finally {
      closed = true;
      bound = null;
      codecs.release();
    }
  }
}
