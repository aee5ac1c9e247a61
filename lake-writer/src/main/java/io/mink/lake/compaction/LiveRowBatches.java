package io.mink.lake.compaction;

import io.mink.schema.batch.RowBatch;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.apache.iceberg.Schema;
import org.apache.iceberg.parquet.VectorizedReader;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;

/**
 * Iceberg's batched Parquet reader model that reads a file's live rows into {@link RowBatch}es of the table schema
 * column by column ({@link ColumnCopies}): each call reads the next rows of a row group and keeps those whose
 * position in the file {@code deleted} does not accept. Every row group is read, in file order, so the position
 * of a row is the count of rows before it.
 */
final class LiveRowBatches implements VectorizedReader<RowBatch> {
  private final Schema schema;
  private final MessageType fileSchema;
  private final List<ColumnCopy> copies;
  private final LongPredicate deleted;
  private boolean[] live = new boolean[0];
  private long position;

  LiveRowBatches(Schema schema, MessageType fileSchema, LongPredicate deleted) {
    this.schema = schema;
    this.fileSchema = fileSchema;
    this.copies = ColumnCopies.of(schema, fileSchema);
    this.deleted = deleted;
  }

  @Override
  public RowBatch read(RowBatch reuse, int rows) {
    if (live.length < rows) {
      live = new boolean[rows];
    }
    int liveRows = 0;
    for (int row = 0; row < rows; row++) {
      live[row] = !deleted.test(position + row);
      liveRows += live[row] ? 1 : 0;
    }
    position += rows;
    RowBatch batch = RowBatch.allocate(schema, liveRows);
    try {
      for (int c = 0; c < copies.size(); c++) {
        ColumnCopy copy = copies.get(c);
        copy.into(batch.column(c));
        copy.copy(live, rows, 0);
      }
      batch.finish(liveRows);
      return batch;
    } catch (RuntimeException e) {
      batch.close();
      throw e;
    }
  }

  @Override
  public void setRowGroupInfo(PageReadStore pages, Map<ColumnPath, ColumnChunkMetaData> metadata) {
    long start = pages.getRowIndexOffset().orElse(position);
    if (start != position) {
      throw new IllegalStateException(
          "Row group starts at row " + start + " after " + position + " rows were read");
    }
    ColumnReadStore columns =
        new ColumnReadStoreImpl(pages, converters(fileSchema), fileSchema, null);
    copies.forEach(copy -> copy.rowGroup(pages, columns));
  }

  @Override
  public void setBatchSize(int batchSize) {}

  @Override
  public void close() {}

  /**
   * Converters of the file's shape, which parquet-java's column readers ask for; they take no values, as the
   * copies read each value from the reader itself.
   */
  private static GroupConverter converters(GroupType group) {
    Converter[] fields = new Converter[group.getFieldCount()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = group.getType(i).isPrimitive()
          ? new PrimitiveConverter() {}
          : converters(group.getType(i).asGroupType());
    }
    return new GroupConverter() {
      @Override
      public Converter getConverter(int fieldIndex) {
        return fields[fieldIndex];
      }

      @Override
      public void start() {}

      @Override
      public void end() {}
    };
  }
}
