package io.mink.spark;

import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.TailRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The input partitions of a scan at its read point. Pure.
 *
 * <p>Each Kafka partition is one read of the point narrowed to that partition: its lake rows, then its tail. The
 * tail of an append table is split further into offset ranges of at most {@code splitRecords} offsets: the first
 * range is read with the partition's lake rows, and every other one alone, from Kafka ({@link ReadMode#log} at a
 * point that names only that range). An upsert table's partition is one read: the tail's last change of each key
 * replaces the lake's row, which needs the whole partition in one task.
 */
final class TailSplits {
  private TailSplits() {}

  /** One input partition: a read of the mode at a point naming one range of one Kafka partition. */
  record Split(ReadMode mode, int partition, ReadPoint point) {}

  static List<Split> of(ReadPoint point, ReadMode mode, boolean upsert, long splitRecords) {
    if (splitRecords < 1) {
      throw new IllegalArgumentException("splitRecords must be at least 1, not " + splitRecords);
    }
    List<Split> splits = new ArrayList<>();
    for (Map.Entry<Integer, TailRange> entry : point.tails().entrySet()) {
      int partition = entry.getKey();
      TailRange tail = entry.getValue();
      if (upsert || !mode.readsLog() || tail.to() - tail.from() <= splitRecords) {
        splits.add(new Split(mode, partition, narrowed(point, tail)));
        continue;
      }
      for (long from = tail.from(); from < tail.to(); from += splitRecords) {
        TailRange range = new TailRange(partition, from, Math.min(tail.to(), from + splitRecords));
        splits.add(new Split(
            from == tail.from() ? mode : ReadMode.log, partition, narrowed(point, range)));
      }
    }
    return splits;
  }

  private static ReadPoint narrowed(ReadPoint point, TailRange range) {
    return ReadPoint.of(point.snapshotId(), List.of(range));
  }
}
