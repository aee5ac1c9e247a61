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
 * Rewrites a data file without its deleted rows, live rows in their order, into one new file under the table's
 * current schema: how an upsert table keeps the rows its readers skip few.
 */
public final class DeletedRowsRewriter {
  private static final int BATCH_ROWS = 4_096;

  private DeletedRowsRewriter() {}

  /**
   * The file's live rows in a new file, and their keys in row order.
   *
   * @param file null when no row was live: the file is dropped, nothing written
   */
  public record Rewritten(DataFile file, List<ByteBuffer> keys) {}

  /** Rewrites {@code file} without the rows at the positions {@code deleted} accepts. */
  public static Rewritten rewrite(
      Table table, DataFile file, LongPredicate deleted, String operationId) {
    Schema schema = table.schema();
    Schema read = TypeUtil.join(schema, new Schema(MetadataColumns.ROW_POSITION));
    FileWriterFactory<BatchRow> factory = PartitionFileWriter.writerFactory(table, schema);
    int kafkaPartition = CompactionPlanner.kafkaPartition(file)
        .orElseThrow(() -> new IllegalStateException(
            "Data file " + file.location() + " holds rows of more than one Kafka partition"));
    PartitionFileWriter writer = PartitionFileWriter.open(
        table, schema, factory, operationId, kafkaPartition, Long.MAX_VALUE);
    List<ByteBuffer> keys = new ArrayList<>();
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
      List<DataFile> written = writer.complete();
      if (keys.isEmpty()) {
        written.forEach(empty -> table.io().deleteFile(empty.location()));
        return new Rewritten(null, List.of());
      }
      if (written.size() != 1) {
        throw new IllegalStateException(
            "Rewriting " + file.location() + " wrote " + written.size() + " files");
      }
      return new Rewritten(written.get(0), keys);
    } catch (IOException e) {
      writer.abort();
      throw new UncheckedIOException(
          "Cannot read data file " + file.location() + " to rewrite it", e);
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
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
