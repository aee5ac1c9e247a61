package io.mink.indexer.upsert;

import io.mink.lake.compaction.Compaction;
import io.mink.lake.compaction.CompactionPlanner;
import io.mink.lake.compaction.DeletedRowsRewriter;
import io.mink.lake.write.deletes.CurrentDeletes;
import io.mink.lake.write.deletes.DeletedRows;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.LongPredicate;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.BaseDeleteLoader;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An upsert table's compaction, in the round that changes the partitions: runs of small files (as
 * {@link CompactionPlanner} groups them, size-tiered: a file joins once the newer ones would double it, or always
 * when a partition has more than {@value #MAX_FILES} files) and every file whose deleted rows reach the table's
 * fraction after the round are rewritten with their live rows only, the delete files that apply to them alone dropped
 * (a partition's position delete file of another engine stays, as it deletes rows of other files too), and the key
 * index moved to the new rows. So a reader skips few rows and opens few files, however many rounds updated the table.
 */
public final class UpsertCompaction {
  private static final Logger LOG = LoggerFactory.getLogger(UpsertCompaction.class);

  /** The most files a Kafka partition keeps before all its small files are rewritten into one. */
  static final int MAX_FILES = 8;

  private UpsertCompaction() {}

  /**
   * What the compaction did.
   *
   * @param compaction the files rewritten and the files that replace them
   * @param droppedDeletes the delete files of the rewritten files alone, which the commit removes
   */
  public record Result(Compaction compaction, List<DeleteFile> droppedDeletes) {
    public static final Result NONE = new Result(Compaction.NONE, List.of());
  }

  /** How the table compacts: the fraction of deleted rows that rewrites a file, and its file sizes. */
  record Sizes(double deletedFraction, long targetFileSizeBytes, long splitTargetSizeBytes) {}

  /**
   * Rewrites the lake files of the round's partitions that are small or whose deleted rows reach the fraction;
   * their deletes leave {@code deleted}.
   *
   * @param current the lake files of the round's partitions and their deletes before the round
   * @param keys the key index partition of a Kafka partition
   */
  static Result run(
      Table table,
      DeletedRows deleted,
      CurrentDeletes current,
      IntFunction<PartitionKeys> keys,
      Sizes sizes,
      int parallelism,
      String roundId) {
    DeleteLoader loader = new BaseDeleteLoader(file -> table.io().newInputFile(file));
    Map<String, long[]> newlyDeleted = new HashMap<>();
    deleted.files().forEach(rows -> newlyDeleted.put(rows.file().location(), rows.positions()));
    Map<String, PositionDeleteIndex> before = new HashMap<>();
    List<List<DataFile>> groups = groups(current, sizes, newlyDeleted, before, loader);
    Map<String, LongPredicate> deletedRows = new HashMap<>();
    for (List<DataFile> group : groups) {
      for (DataFile file : group) {
        PositionDeleteIndex old =
            before.computeIfAbsent(file.location(), path -> current.positions(path, loader));
        long[] positions = newlyDeleted.getOrDefault(file.location(), new long[0]);
        deletedRows.put(
            file.location(),
            position -> old.isDeleted(position) || Arrays.binarySearch(positions, position) >= 0);
      }
    }
    List<DeletedRowsRewriter.Rewritten> rewrites = GroupRewrites.rewrite(
        table,
        groups,
        file -> deletedRows.get(file.location()),
        parallelism,
        "compaction-" + roundId);
    List<DataFile> removed = new ArrayList<>();
    List<DataFile> added = new ArrayList<>();
    List<DeleteFile> dropped = new ArrayList<>();
    for (int i = 0; i < groups.size(); i++) {
      List<DataFile> group = groups.get(i);
      for (DataFile file : group) {
        removed.add(file);
        current.of(file.location()).stream()
            .filter(CurrentDeletes::scopedToOneFile)
            .forEach(dropped::add);
        deleted.forget(file.location());
      }
      DeletedRowsRewriter.Rewritten rewritten = rewrites.get(i);
      if (rewritten.file() != null) {
        added.add(rewritten.file());
        moveKeys(
            keys.apply(CompactionPlanner.kafkaPartition(group.get(0)).orElseThrow()), rewritten);
      }
    }
    if (!removed.isEmpty()) {
      LOG.info(
          "Round {} of {} rewrites {} data files into {} without their deleted rows",
          roundId,
          table.name(),
          removed.size(),
          added.size());
    }
    return removed.isEmpty() ? Result.NONE : new Result(new Compaction(removed, added), dropped);
  }

  /** The small files' runs, then each other file whose deleted rows reach the fraction, alone. */
  private static List<List<DataFile>> groups(
      CurrentDeletes current,
      Sizes sizes,
      Map<String, long[]> newlyDeleted,
      Map<String, PositionDeleteIndex> before,
      DeleteLoader loader) {
    List<DataFile> placed = current.files().stream()
        .filter(file -> CompactionPlanner.kafkaPartition(file).isPresent())
        .toList();
    Map<Integer, Long> filesPerPartition = new HashMap<>();
    placed.forEach(file -> filesPerPartition.merge(
        CompactionPlanner.kafkaPartition(file).orElseThrow(), 1L, Long::sum));
    List<List<DataFile>> groups = new ArrayList<>();
    for (List<DataFile> run :
        CompactionPlanner.plan(placed, sizes.targetFileSizeBytes(), sizes.splitTargetSizeBytes())) {
      long files =
          filesPerPartition.get(CompactionPlanner.kafkaPartition(run.get(0)).orElseThrow());
      List<DataFile> tiered = files > MAX_FILES ? run : tiered(run);
      if (tiered.size() >= CompactionPlanner.MIN_FILES) {
        groups.add(tiered);
      }
    }
    Set<String> grouped = new HashSet<>();
    groups.forEach(group -> group.forEach(file -> grouped.add(file.location())));
    for (DataFile file : placed) {
      if (grouped.contains(file.location())) {
        continue;
      }
      PositionDeleteIndex old =
          before.computeIfAbsent(file.location(), path -> current.positions(path, loader));
      long total = old.isEmpty() ? 0 : old.cardinality();
      for (long position : newlyDeleted.getOrDefault(file.location(), new long[0])) {
        total += old.isDeleted(position) ? 0 : 1;
      }
      if (total > 0 && total >= Math.ceil(sizes.deletedFraction() * file.recordCount())) {
        groups.add(List.of(file));
      }
    }
    return groups;
  }

  /**
   * The run without its oldest files while each is larger than all the files after it together: a file joins a
   * rewrite only once the newer files would at least double it, so a row is rewritten a few times at most, not
   * in every round.
   */
  static List<DataFile> tiered(List<DataFile> run) {
    long after = run.stream().mapToLong(DataFile::fileSizeInBytes).sum();
    int start = 0;
    while (start < run.size()) {
      long size = run.get(start).fileSizeInBytes();
      after -= size;
      if (size <= after) {
        break;
      }
      start++;
    }
    return run.subList(start, run.size());
  }

  /** Points the keys of the rewritten rows at their new rows; a row without a key (another engine's) has none. */
  private static void moveKeys(PartitionKeys keys, DeletedRowsRewriter.Rewritten rewritten) {
    List<ByteBuffer> moved = rewritten.keys();
    for (int position = 0; position < moved.size(); position++) {
      if (moved.get(position) != null) {
        keys.put(KeyIndex.hash(moved.get(position)), rewritten.file(), position);
      }
    }
  }
}
