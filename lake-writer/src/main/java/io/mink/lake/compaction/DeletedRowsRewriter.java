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
import java.util.function.Function;
import java.util.function.LongPredicate;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.TypeUtil;

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
    Schema read = TypeUtil.join(schema, new Schema(MetadataColumns.ROW_POSITION));
    try (CloseableIterable<Record> rows = Parquet.read(table.io().newInputFile(file.location()))
        .project(read)
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(read, fileSchema))
        .build()) {
      List<Record> chunk = new ArrayList<>(BATCH_ROWS);
      for (Record row : rows) {
        if (deleted.test((Long) row.getField(MetadataColumns.ROW_POSITION.name()))) {
          continue;
        }
        keys.add((ByteBuffer) row.getField(KafkaColumns.KEY));
        chunk.add(withoutPosition(schema, row));
        if (chunk.size() == BATCH_ROWS) {
          write(schema, chunk, writer);
          chunk.clear();
        }
      }
      if (!chunk.isEmpty()) {
        write(schema, chunk, writer);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read data file " + file.location() + " to rewrite it", e);
    }
  }

  private static Record withoutPosition(Schema schema, Record row) {
    GenericRecord copy = GenericRecord.create(schema);
    for (int i = 0; i < schema.columns().size(); i++) {
      copy.set(i, row.get(i));
    }
    return copy;
  }

  private static void write(Schema schema, List<Record> rows, PartitionFileWriter writer) {
    try (RowBatch batch = RowBatch.of(schema, rows)) {
      writer.write(batch);
    }
  }
}
