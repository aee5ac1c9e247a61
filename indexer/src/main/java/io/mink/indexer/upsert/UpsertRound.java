package io.mink.indexer.upsert;

import io.mink.lake.write.deletes.CurrentDeletes;
import io.mink.lake.write.deletes.DeletedRows;
import io.mink.lake.write.deletes.LakeKeyScan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The upsert part of one round of an upsert table. As batches come, each is folded per key ({@link BatchFold}): a
 * key's last record wins, a tombstone (null value) deletes the key, a record without a key is counted and left out.
 * Once the round's files are written, each put is placed at its row in them and every change is applied to the
 * key index in offset order: the row a key had before (in the lake, or earlier in this round) is deleted.
 */
public final class UpsertRound {
  /** The raw reason counted for a record without a key, as mink-raw.key.null-key-in-upsert-table. */
  public static final String NULL_KEY_REASON = "key.null-key-in-upsert-table";

  private final KeyIndex index;
  private final Map<Integer, PartitionChanges> changes = new HashMap<>();
  private final Map<Integer, Integer> marks = new HashMap<>();
  private final Map<Integer, Integer> lastNullKeys = new HashMap<>();
  private final Map<Integer, PartitionKeys> resolved = new HashMap<>();
  private long nullKeys;

  public UpsertRound(KeyIndex index) {
    this.index = index;
  }

  /**
   * Folds a batch of one partition and returns the records to build into rows, the winners that are no tombstone,
   * in offset order. {@link #undoLastFold} forgets what it recorded if those rows are not all built.
   */
  public List<ConsumerRecord<byte[], byte[]>> fold(
      int partition, List<ConsumerRecord<byte[], byte[]>> batch) {
    BatchFold fold = BatchFold.of(batch);
    PartitionChanges partitionChanges =
        changes.computeIfAbsent(partition, p -> new PartitionChanges());
    marks.put(partition, partitionChanges.size());
    lastNullKeys.put(partition, fold.nullKeys());
    nullKeys += fold.nullKeys();
    List<ConsumerRecord<byte[], byte[]>> rows = new ArrayList<>(fold.winners().size());
    for (int i = 0; i < fold.winners().size(); i++) {
      ConsumerRecord<byte[], byte[]> winner = fold.winners().get(i);
      if (winner.value() == null) {
        partitionChanges.delete(fold.keys().get(i));
      } else {
        partitionChanges.put(fold.keys().get(i));
        rows.add(winner);
      }
    }
    return rows;
  }

  /**
   * Makes deletes of some records the last fold returned to build: change events whose decoding says they delete.
   *
   * @param positions positions in the list the last fold returned, ascending
   */
  public void markDeletes(int partition, List<Integer> positions) {
    if (positions.isEmpty()) {
      return;
    }
    PartitionChanges partitionChanges = changes.get(partition);
    int put = 0;
    int next = 0;
    for (int i = marks.get(partition);
        i < partitionChanges.size() && next < positions.size();
        i++) {
      if (partitionChanges.isDelete(i)) {
        continue;
      }
      if (put == positions.get(next)) {
        partitionChanges.makeDelete(i);
        next++;
      }
      put++;
    }
  }

  /** Forgets the last fold of the partition: its batch rolls over to the next round. */
  public void undoLastFold(int partition) {
    Integer mark = marks.remove(partition);
    if (mark != null) {
      changes.get(partition).truncate(mark);
      nullKeys -= lastNullKeys.remove(partition);
    }
  }

  /** The partitions the round changed keys of. */
  public Set<Integer> partitions() {
    return Set.copyOf(changes.keySet());
  }

  /** The changes the round made to a partition's keys so far. */
  PartitionChanges changesOf(int partition) {
    return changes.get(partition);
  }

  /** How many records had no key. */
  public long nullKeys() {
    return nullKeys;
  }

  /** The raw counts the round reports besides its row builder's. */
  public Map<String, Long> rawCounts() {
    return nullKeys == 0 ? Map.of() : Map.of(NULL_KEY_REASON, nullKeys);
  }

  /**
   * The rows the round deletes, given the files each partition wrote: the earlier row of every key it put or
   * deleted, and rows the index found twice. The kept key index moves to the round's rows; if the round then does
   * not commit, {@link KeyIndex#forget} must follow.
   */
  public DeletedRows resolve(Table table, Map<Integer, List<DataFile>> writtenFiles) {
    DeletedRows deleted = new DeletedRows();
    for (Map.Entry<Integer, PartitionChanges> entry : changes.entrySet()) {
      int partition = entry.getKey();
      PartitionChanges partitionChanges = entry.getValue();
      PartitionKeys keys = index.partition(table, partition, touched(partitionChanges));
      resolved.put(partition, keys);
      apply(
          partition,
          partitionChanges,
          writtenFiles.getOrDefault(partition, List.of()),
          keys,
          deleted);
      keys.takeStrays().forEach(stray -> deleted.delete(stray.file(), stray.position()));
    }
    return deleted;
  }

  /**
   * After {@link #resolve}: rewrites the lake files of the round's partitions that are small or whose deleted rows
   * reach {@code deletedFraction} of their rows, and takes their rows out of {@code deleted}; the key index moves
   * to the rewritten rows.
   *
   * @param current the lake files of the round's partitions and their deletes before the round
   * @param parallelism how many groups of files are rewritten at once
   */
  public UpsertCompaction.Result compact(
      Table table,
      DeletedRows deleted,
      CurrentDeletes current,
      double deletedFraction,
      long targetFileSizeBytes,
      long splitTargetSizeBytes,
      int parallelism,
      String roundId) {
    return UpsertCompaction.run(
        table,
        deleted,
        current,
        partition -> resolved.computeIfAbsent(partition, p -> new PartitionKeys()),
        new UpsertCompaction.Sizes(deletedFraction, targetFileSizeBytes, splitTargetSizeBytes),
        parallelism,
        roundId);
  }

  private static Set<KeyHash> touched(PartitionChanges changes) {
    Set<KeyHash> touched = new HashSet<>(changes.size() * 2);
    for (int i = 0; i < changes.size(); i++) {
      touched.add(changes.key(i));
    }
    return touched;
  }

  /** Applies the changes in offset order; the puts' rows are the files' rows, in the files' offset order. */
  static void apply(
      int partition,
      PartitionChanges changes,
      List<DataFile> files,
      PartitionKeys keys,
      DeletedRows deleted) {
    List<DataFile> ordered = new ArrayList<>(files);
    ordered.sort(Comparator.comparingLong(LakeKeyScan::lowestOffset));
    int file = 0;
    long position = 0;
    for (int i = 0; i < changes.size(); i++) {
      KeyHash key = changes.key(i);
      PartitionKeys.RowLocation previous;
      if (changes.isDelete(i)) {
        previous = keys.remove(key);
      } else {
        while (file < ordered.size() && position == ordered.get(file).recordCount()) {
          file++;
          position = 0;
        }
        if (file == ordered.size()) {
          throw rowsMismatch(partition, changes, ordered);
        }
        previous = keys.put(key, ordered.get(file), position++);
      }
      if (previous != null) {
        deleted.delete(previous.file(), previous.position());
      }
    }
    while (file < ordered.size() && position == ordered.get(file).recordCount()) {
      file++;
      position = 0;
    }
    if (file != ordered.size()) {
      throw rowsMismatch(partition, changes, ordered);
    }
  }

  private static IllegalStateException rowsMismatch(
      int partition, PartitionChanges changes, List<DataFile> files) {
    long rows = files.stream().mapToLong(DataFile::recordCount).sum();
    long puts = 0;
    for (int i = 0; i < changes.size(); i++) {
      puts += changes.isDelete(i) ? 0 : 1;
    }
    return new IllegalStateException(
        "Partition " + partition + " wrote " + rows + " rows for " + puts
            + " upserted keys: the round does not commit, and the next one reads these records again");
  }
}
