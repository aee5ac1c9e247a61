package io.mink.indexer.upsert;

import io.mink.lake.compaction.Compaction;
import io.mink.lake.compaction.CompactionPlanner;
import io.mink.lake.compaction.DeletedRowsRewriter;
import io.mink.lake.write.deletes.CurrentDeletes;
import io.mink.lake.write.deletes.DeletedRows;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.BaseDeleteLoader;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An upsert table's compaction of deleted rows, in the round that deletes them: a lake data file whose deleted
 * rows reach the table's fraction after the round is rewritten with its live rows only, its delete files dropped,
 * and the key index moved to the new rows. So a reader never skips more than that fraction of a file's rows.
 */
public final class UpsertCompaction {
  private static final Logger LOG = LoggerFactory.getLogger(UpsertCompaction.class);

  private UpsertCompaction() {}

  /**
   * What the compaction did.
   *
   * @param compaction the files rewritten and the files that replace them
   * @param droppedDeletes the delete files of the rewritten files, which the commit removes
   */
  public record Result(Compaction compaction, List<DeleteFile> droppedDeletes) {
    public static final Result NONE = new Result(Compaction.NONE, List.of());
  }

  /**
   * Rewrites the lake files of {@code deleted} whose deleted fraction reaches {@code fraction}; their deletes leave
   * {@code deleted}.
   *
   * @param written the files the round itself wrote, which are not rewritten
   * @param keys the key index partition of a Kafka partition
   */
  static Result run(
      Table table,
      DeletedRows deleted,
      CurrentDeletes current,
      Set<String> written,
      IntFunction<PartitionKeys> keys,
      double fraction,
      String roundId) {
    DeleteLoader loader = new BaseDeleteLoader(file -> table.io().newInputFile(file));
    List<DataFile> removed = new ArrayList<>();
    List<DataFile> added = new ArrayList<>();
    List<DeleteFile> dropped = new ArrayList<>();
    try {
      for (DeletedRows.FileRows rows : List.copyOf(deleted.files())) {
        DataFile file = rows.file();
        if (written.contains(file.location())) {
          continue;
        }
        PositionDeleteIndex before = current.positions(file.location(), loader);
        long[] positions = rows.positions();
        long total = before.isEmpty() ? 0 : before.cardinality();
        for (long position : positions) {
          total += before.isDeleted(position) ? 0 : 1;
        }
        if (total < Math.ceil(fraction * file.recordCount())) {
          continue;
        }
        DeletedRowsRewriter.Rewritten rewritten = DeletedRowsRewriter.rewrite(
            table,
            file,
            position -> before.isDeleted(position) || Arrays.binarySearch(positions, position) >= 0,
            "compaction-" + roundId);
        removed.add(file);
        dropped.addAll(current.of(file.location()));
        deleted.forget(file.location());
        if (rewritten.file() != null) {
          added.add(rewritten.file());
          moveKeys(keys.apply(kafkaPartition(rewritten.file())), rewritten);
        }
      }
    } catch (RuntimeException e) {
      added.forEach(file -> table.io().deleteFile(file.location()));
      throw e;
    }
    if (!removed.isEmpty()) {
      LOG.info(
          "Round {} of {} rewrites {} data files without their deleted rows",
          roundId,
          table.name(),
          removed.size());
    }
    return removed.isEmpty() ? Result.NONE : new Result(new Compaction(removed, added), dropped);
  }

  private static void moveKeys(PartitionKeys keys, DeletedRowsRewriter.Rewritten rewritten) {
    List<ByteBuffer> moved = rewritten.keys();
    for (int position = 0; position < moved.size(); position++) {
      keys.put(KeyIndex.hash(moved.get(position)), rewritten.file(), position);
    }
  }

  private static int kafkaPartition(DataFile file) {
    return CompactionPlanner.kafkaPartition(file).orElseThrow();
  }
}
