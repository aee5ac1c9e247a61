package io.mink.lake.compaction;

import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.batch.BatchRow;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.iceberg.parquet.Parquet;

/**
 * Rewrites groups of small files ({@link CompactionPlanner}), each of one Kafka partition, into files
 * of the split target size, rows in offset order, read and written under the table's current schema.
 */
public final class SmallFileRewriter {
  /** Rows read from the small files and handed to the writer at a time. */
  private static final int BATCH_ROWS = 4_096;

  private SmallFileRewriter() {}

  /** Rewrites every group; on failure deletes what it wrote and throws. */
  public static Compaction rewrite(
      Table table, List<List<DataFile>> groups, String roundId, long splitTargetSizeBytes) {
    if (groups.isEmpty()) {
      return Compaction.NONE;
    }
    Schema schema = table.schema();
    FileWriterFactory<BatchRow> factory = PartitionFileWriter.writerFactory(table, schema);
    List<DataFile> removed = new ArrayList<>();
    List<DataFile> added = new ArrayList<>();
    try {
      for (List<DataFile> group : groups) {
        added.addAll(rewriteGroup(
            table, schema, factory, group, "compaction-" + roundId, splitTargetSizeBytes));
        removed.addAll(group);
      }
    } catch (RuntimeException e) {
      added.forEach(file -> table.io().deleteFile(file.location()));
      throw e;
    }
    return new Compaction(removed, added);
  }

  private static List<DataFile> rewriteGroup(
      Table table,
      Schema schema,
      FileWriterFactory<BatchRow> factory,
      List<DataFile> group,
      String operationId,
      long splitTargetSizeBytes) {
    int kafkaPartition = CompactionPlanner.kafkaPartition(group.get(0)).orElseThrow();
    PartitionFileWriter writer = PartitionFileWriter.open(
        table, schema, factory, operationId, kafkaPartition, splitTargetSizeBytes);
    try {
      for (DataFile file : group) {
        try (CloseableIterable<Record> rows = Parquet.read(table.io().newInputFile(file.location()))
            .project(schema)
            .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(schema, fileSchema))
            .build()) {
          writeInBatches(schema, rows, writer);
        } catch (IOException e) {
          throw new UncheckedIOException(
              "Cannot read data file " + file.location() + " to compact it", e);
        }
      }
      return writer.complete();
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  private static void writeInBatches(
      Schema schema, Iterable<Record> rows, PartitionFileWriter writer) {
    List<Record> chunk = new ArrayList<>(BATCH_ROWS);
    for (Record row : rows) {
      chunk.add(row);
      if (chunk.size() == BATCH_ROWS) {
        write(schema, chunk, writer);
        chunk = new ArrayList<>(BATCH_ROWS);
      }
    }
    if (!chunk.isEmpty()) {
      write(schema, chunk, writer);
    }
  }

  private static void write(Schema schema, List<Record> rows, PartitionFileWriter writer) {
    try (RowBatch batch = RowBatch.of(schema, rows)) {
      writer.write(batch);
    }
  }
}
