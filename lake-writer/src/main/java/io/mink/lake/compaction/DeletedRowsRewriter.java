package io.mink.lake.compaction;

import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.batch.BatchRow;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongPredicate;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;

/**
 * Rewrites data files of one Kafka partition without their deleted rows into one new file under the table's
 * current schema, the files' live rows in the order given: how an upsert table keeps the rows its readers skip,
 * and its files, few.
 */
public final class DeletedRowsRewriter {
  private static final int BATCH_ROWS = 4_096;

  private DeletedRowsRewriter() {}

  /**
   * The files' live rows in a new file, and their keys in row order.
   *
   * @param file null when no row was live: nothing written
   */
  public record Rewritten(DataFile file, List<ByteBuffer> keys) {}

  /**
   * Rewrites {@code files}, each without the rows at the positions {@code deleted} accepts for it.
   *
   * @param kafkaPartition the Kafka partition of every row of the files
   */
  public static Rewritten rewrite(
      Table table,
      List<DataFile> files,
      Function<DataFile, LongPredicate> deleted,
      int kafkaPartition,
      String operationId) {
    Schema schema = table.schema();
    FileWriterFactory<BatchRow> factory = PartitionFileWriter.writerFactory(table, schema);
    PartitionFileWriter writer = PartitionFileWriter.open(
        table, schema, factory, operationId, kafkaPartition, Long.MAX_VALUE);
    List<ByteBuffer> keys = new ArrayList<>();
    try {
      for (DataFile file : files) {
        copyLiveRows(table, schema, file, deleted.apply(file), writer, keys);
      }
      List<DataFile> written = writer.complete();
      if (keys.isEmpty()) {
        written.forEach(empty -> table.io().deleteFile(empty.location()));
        return new Rewritten(null, List.of());
      }
      if (written.size() != 1) {
        throw new IllegalStateException(
            "Rewriting " + files.size() + " files wrote " + written.size());
      }
      return new Rewritten(written.get(0), keys);
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  private static void copyLiveRows(
      Table table,
      Schema schema,
      DataFile file,
      LongPredicate deleted,
      PartitionFileWriter writer,
      List<ByteBuffer> keys) {
    int keyColumn = columnPosition(schema, KafkaColumns.KEY);
    readLiveRows(table.io(), schema, file, deleted, batch -> {
      try (batch) {
        VarBinaryVector vector = (VarBinaryVector) batch.column(keyColumn);
        for (int row = 0; row < batch.rows(); row++) {
          keys.add(vector.isNull(row) ? null : ByteBuffer.wrap(vector.get(row)));
        }
        if (batch.rows() > 0) {
          writer.write(batch);
        }
      }
    });
  }

  /**
   * Reads the rows of {@code file} that {@code deleted} does not accept, under {@code schema}, column by column
   * into batches of at most {@value #BATCH_ROWS} rows, handed to {@code batches} in row order; whoever takes a
   * batch closes it.
   */
  static void readLiveRows(
      FileIO io, Schema schema, DataFile file, LongPredicate deleted, Consumer<RowBatch> batches) {
    try (CloseableIterable<RowBatch> rows = Parquet.read(io.newInputFile(file.location()))
        .project(schema)
        .recordsPerBatch(BATCH_ROWS)
        .createBatchedReaderFunc(fileSchema -> new LiveRowBatches(schema, fileSchema, deleted))
        .build()) {
      for (RowBatch batch : rows) {
        batches.accept(batch);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read data file " + file.location() + " to rewrite it", e);
    }
  }

  private static int columnPosition(Schema schema, String name) {
    List<Types.NestedField> columns = schema.columns();
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException("Table schema has no column " + name + ": " + schema);
  }
}
