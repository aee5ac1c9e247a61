package io.mink.spark;

import io.mink.query.read.LakeFile;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.TailRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;

/**
 * The input partitions of a scan at its read point. Pure.
 *
 * <p>An append table's read is split by what it reads: the lake's files of each Kafka partition in groups of about
 * {@code splitBytes} ({@link ReadMode#lake}, the files given), and each partition's tail in offset ranges of at most
 * {@code splitRecords} offsets ({@link ReadMode#log} at a point that names only that range). A big lake and a long
 * tail both spread over the executors. An upsert table's partition is one read in the scan's mode: the tail's last
 * change of each key replaces the lake's row, which needs the whole partition in one task.
 */
final class ScanSplits {
  private ScanSplits() {}

  /**
   * One input partition: a read of the mode at a point naming one range of one Kafka partition.
   *
   * @param files the lake files it reads, in order; null when the read plans its partition's files itself
   */
  record Split(ReadMode mode, int partition, ReadPoint point, List<LakeFile> files) {}

  /**
   * @param lakeFiles the lake files of a Kafka partition at the point's snapshot, in offset order
   */
  static List<Split> of(
      ReadPoint point,
      ReadMode mode,
      boolean upsert,
      long splitRecords,
      long splitBytes,
      IntFunction<List<LakeFile>> lakeFiles) {
    if (splitRecords < 1) {
      throw new IllegalArgumentException("splitRecords must be at least 1, not " + splitRecords);
    }
    if (splitBytes < 1) {
      throw new IllegalArgumentException("splitBytes must be at least 1, not " + splitBytes);
    }
    List<Split> splits = new ArrayList<>();
    for (Map.Entry<Integer, TailRange> entry : point.tails().entrySet()) {
      int partition = entry.getKey();
      TailRange tail = entry.getValue();
      if (upsert) {
        splits.add(new Split(mode, partition, narrowed(point, tail), null));
        continue;
      }
      if (mode.readsLake()) {
        for (List<LakeFile> group :
            groups(lakeFiles.apply(partition), file -> file.task().length(), splitBytes)) {
          splits.add(new Split(ReadMode.lake, partition, narrowed(point, tail), group));
        }
      }
      if (mode.readsLog()) {
        for (long from = tail.from(); from < tail.to(); from += splitRecords) {
          TailRange range =
              new TailRange(partition, from, Math.min(tail.to(), from + splitRecords));
          splits.add(new Split(ReadMode.log, partition, narrowed(point, range), null));
        }
      }
    }
    return splits;
  }

  /** The files in groups of consecutive files, each closed once it holds {@code splitBytes} or more. */
  static <T> List<List<T>> groups(List<T> files, ToLongFunction<T> size, long splitBytes) {
    List<List<T>> groups = new ArrayList<>();
    List<T> group = new ArrayList<>();
    long bytes = 0;
    for (T file : files) {
      group.add(file);
      bytes += size.applyAsLong(file);
      if (bytes >= splitBytes) {
        groups.add(List.copyOf(group));
        group.clear();
        bytes = 0;
      }
    }
    if (!group.isEmpty()) {
      groups.add(List.copyOf(group));
    }
    return groups;
  }

  private static ReadPoint narrowed(ReadPoint point, TailRange range) {
    return ReadPoint.of(point.snapshotId(), List.of(range));
  }
}
