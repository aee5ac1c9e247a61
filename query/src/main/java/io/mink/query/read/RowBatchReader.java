package io.mink.query.read;

import io.mink.schema.batch.RowBatch;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.arrow.vectorized.BaseBatchReader;
import org.apache.iceberg.arrow.vectorized.VectorHolder;
import org.apache.iceberg.parquet.VectorizedReader;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;

/**
 * Reads the next rows of a Parquet file's row group into a {@link RowBatch} of the projection: one Iceberg
 * vectorized reader per column, each read into fresh vectors whose buffers the batch then takes over (or, for
 * dictionary ids and values stored in another width, that {@link ColumnLoad} decodes into the batch).
 */
final class RowBatchReader extends BaseBatchReader<RowBatch> {
  /**
   * Encodings of data pages iceberg-arrow 1.11 cannot read: run-length encoded booleans (Parquet v2 pages), and
   * the byte-array encodings of Parquet v2 pages, in which it fails on a page of only nulls (fixed in later versions).
   */
  private static final Set<Encoding> REFUSED =
      EnumSet.of(Encoding.RLE, Encoding.DELTA_BYTE_ARRAY, Encoding.DELTA_LENGTH_BYTE_ARRAY);

  private final Schema projection;
  private final ColumnLoad[] columns;
  private final List<ColumnPath> columnsRead;

  /** @param columnsRead the file's columns that {@code readers} read */
  RowBatchReader(
      Schema projection, List<VectorizedReader<?>> readers, List<ColumnPath> columnsRead) {
    super(readers);
    this.projection = projection;
    this.columns = projection.columns().stream().map(ColumnLoad::new).toArray(ColumnLoad[]::new);
    this.columnsRead = columnsRead;
  }

  /**
   * Starts a row group, refusing before its first batch a column chunk in encodings the reader fails on.
   *
   * @throws UnsupportedOperationException if a column read has data pages in such an encoding
   */
  @Override
  public void setRowGroupInfo(PageReadStore pages, Map<ColumnPath, ColumnChunkMetaData> chunks) {
    for (ColumnPath path : columnsRead) {
      ColumnChunkMetaData chunk = chunks.get(path);
      EncodingStats encodings = chunk == null ? null : chunk.getEncodingStats();
      Set<Encoding> refused = EnumSet.noneOf(Encoding.class);
      if (encodings != null) {
        encodings.getDataEncodings().stream().filter(REFUSED::contains).forEach(refused::add);
      }
      if (!refused.isEmpty()) {
        throw new UnsupportedOperationException(
            "Cannot read column " + path.toDotString()
                + " vectorized: it has pages encoded " + refused
                + ", which iceberg-arrow 1.11 cannot read reliably; read the file with Iceberg's row reader");
      }
    }
    super.setRowGroupInfo(pages, chunks);
  }

  /** A new batch of the next {@code rows} rows; {@code reuse} is ignored, each batch is the caller's to close. */
  @Override
  public RowBatch read(RowBatch reuse, int rows) {
    RowBatch batch = RowBatch.allocate(projection, 0);
    try {
      for (int c = 0; c < columns.length; c++) {
        VectorHolder holder = readers[c].read(null, rows);
        columns[c].load(holder, batch.column(c), rows);
      }
      batch.finish(rows);
      return batch;
    } catch (RuntimeException e) {
      batch.close();
      throw e;
    }
  }

  @Override
  public void close() {
    super.close();
    for (ColumnLoad column : columns) {
      column.close();
    }
  }
}
