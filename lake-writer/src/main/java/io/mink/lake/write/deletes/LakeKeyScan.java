package io.mink.lake.write.deletes;

import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.BaseDeleteLoader;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;

/**
 * Reads the live rows' raw keys of one Kafka partition in a snapshot, with their _kafka_offset, data file and row
 * position: what an upsert table's key index is built from. A key met twice (another engine's rewrite or a round
 * that failed to delete it) is settled by the rows' own offsets, never by the order of files or rows: a compaction
 * may have moved the newer row into a file whose lowest offset is lower.
 */
public final class LakeKeyScan {
  private static final Schema PROJECTION = new Schema(
      KafkaColumns.SCHEMA.findField(KafkaColumns.KEY),
      KafkaColumns.SCHEMA.findField(KafkaColumns.OFFSET),
      MetadataColumns.ROW_POSITION);
  /** The offset of a row without one, such as a row another engine inserted: older than any record. */
  public static final long NO_OFFSET = -1;

  private LakeKeyScan() {}

  /** Called with each live row's key, its _kafka_offset ({@link #NO_OFFSET} when null), its file and position. */
  @FunctionalInterface
  public interface KeyVisitor {
    void visit(ByteBuffer key, long offset, DataFile file, long position);
  }

  /** Visits every live row of the partition in the snapshot, and returns how many it visited. */
  public static long scan(Table table, long snapshotId, int kafkaPartition, KeyVisitor visitor) {
    DeleteLoader deletes = new BaseDeleteLoader(file -> table.io().newInputFile(file));
    long visited = 0;
    for (FileScanTask task : tasks(table, snapshotId, kafkaPartition)) {
      visited += scanFile(table, task, deletes, visitor);
    }
    return visited;
  }

  private static List<FileScanTask> tasks(Table table, long snapshotId, int kafkaPartition) {
    List<FileScanTask> tasks = new ArrayList<>();
    try (CloseableIterable<FileScanTask> planned = table
        .newScan()
        .useSnapshot(snapshotId)
        .filter(Expressions.equal(KafkaColumns.PARTITION, kafkaPartition))
        .includeColumnStats()
        .planFiles()) {
      planned.forEach(tasks::add);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan the files of table " + table.name(), e);
    }
    tasks.sort(Comparator.comparingLong(task -> lowestOffset(task.file())));
    return tasks;
  }

  private static long scanFile(
      Table table, FileScanTask task, DeleteLoader deletes, KeyVisitor visitor) {
    DataFile file = task.file();
    List<DeleteFile> positional = task.deletes().stream()
        .filter(delete -> delete.content() == FileContent.POSITION_DELETES)
        .toList();
    if (positional.size() != task.deletes().size()) {
      throw new IllegalStateException("Data file " + file.location() + " of table " + table.name()
          + " has equality deletes, which an upsert table does not use: rewrite the table's data files "
          + "with your engine (Spark: CALL system.rewrite_data_files) so that none are left");
    }
    PositionDeleteIndex deleted = positional.isEmpty()
        ? PositionDeleteIndex.empty()
        : deletes.loadPositionDeletes(positional, file.location());
    long visited = 0;
    try (CloseableIterable<Record> rows = Parquet.read(table.io().newInputFile(file))
        .project(PROJECTION)
        .split(task.start(), task.length())
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(PROJECTION, fileSchema))
        .build()) {
      for (Record row : rows) {
        long position = (Long) row.get(2);
        ByteBuffer key = (ByteBuffer) row.get(0);
        if (key != null && !deleted.isDeleted(position)) {
          Long offset = (Long) row.get(1);
          visitor.visit(key, offset == null ? NO_OFFSET : offset, file, position);
          visited++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the keys of " + file.location(), e);
    }
    return visited;
  }

  /** The file's lowest _kafka_offset from its column bounds; 0 when it has none. */
  public static long lowestOffset(DataFile file) {
    int fieldId = KafkaColumns.SCHEMA.findField(KafkaColumns.OFFSET).fieldId();
    ByteBuffer bound = file.lowerBounds() == null ? null : file.lowerBounds().get(fieldId);
    return bound == null ? 0 : (Long) Conversions.fromByteBuffer(Types.LongType.get(), bound);
  }
}
