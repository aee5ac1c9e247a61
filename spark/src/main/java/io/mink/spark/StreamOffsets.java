package io.mink.spark;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.PartitionBounds;
import io.mink.query.read.TailRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The offsets of a stream's micro-batches after the first. Pure.
 *
 * <p>A micro-batch ends, per partition, at the partition's last stable offset, or earlier when a limit shares fewer
 * offsets among the partitions. A partition the stream has not seen yet (added to the topic) enters at its log start:
 * the micro-batch that finds it reads nothing of it, and the next reads it from there, so the range of every
 * micro-batch is fixed by the two offsets Spark's checkpoint holds.
 */
final class StreamOffsets {
  private StreamOffsets() {}

  /**
   * Where the next micro-batch ends.
   *
   * @param next per partition the next offset to read
   * @param bounds every partition of the topic now
   * @param maxOffsets at most this many offsets in all; empty for all there are
   */
  static SortedMap<Integer, Long> end(
      Map<Integer, Long> next,
      Map<Integer, PartitionBounds> bounds,
      OptionalLong maxOffsets,
      String topic) {
    SortedMap<Integer, Long> end = new TreeMap<>(next);
    SortedMap<Integer, Long> waiting = new TreeMap<>();
    bounds.forEach((partition, now) -> {
      Long from = next.get(partition);
      if (from == null) {
        end.put(partition, now.logStart());
      } else if (now.end() < from) {
        throw MinkException.conflict("Cannot continue the stream of topic " + topic
            + ": it has read partition " + partition + " up to offset " + from
            + ", but the partition now ends at offset " + now.end()
            + " (the topic was deleted and created again, or truncated). Start the query again with "
            + "a new checkpoint location");
      } else if (now.end() > from) {
        waiting.put(partition, now.end() - from);
      }
    });
    long total = waiting.values().stream().mapToLong(Long::longValue).sum();
    long budget = maxOffsets.orElse(Long.MAX_VALUE);
    if (total <= budget) {
      waiting.forEach((partition, count) -> end.put(partition, next.get(partition) + count));
      return end;
    }
    long left = budget;
    for (Map.Entry<Integer, Long> entry : waiting.entrySet()) {
      long share = Math.max(1, (long) ((double) budget * entry.getValue() / total));
      long taken = Math.min(Math.min(share, entry.getValue()), left);
      end.put(entry.getKey(), next.get(entry.getKey()) + taken);
      left -= taken;
    }
    return end;
  }

  /** The non-empty ranges from one micro-batch's end to the next's; a partition new in {@code end} starts there. */
  static List<TailRange> ranges(Map<Integer, Long> start, SortedMap<Integer, Long> end) {
    List<TailRange> ranges = new ArrayList<>();
    end.forEach((partition, to) -> {
      long from = start.getOrDefault(partition, to);
      if (from < to) {
        ranges.add(new TailRange(partition, from, to));
      }
    });
    return ranges;
  }
}
