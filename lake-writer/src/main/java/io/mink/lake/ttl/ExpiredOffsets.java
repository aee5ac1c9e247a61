package io.mink.lake.ttl;

import io.mink.lake.history.OffsetRanges;
import io.mink.lake.history.OffsetRanges.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The record of the offsets the row TTL removed, kept small: the removed offsets as ranges, where two ranges merge
 * when no row the lake keeps lies between them. The offsets between two removed rows with no kept row between were
 * no row of the lake at expiry (transaction markers, aborted records, compacted holes), so one range per stretch of
 * expired rows covers them; a kept row (a late record with a newer timestamp) splits the stretch until it expires in
 * turn. Pure.
 */
public final class ExpiredOffsets {
  private ExpiredOffsets() {}

  /**
   * The record after an expiry.
   *
   * @param before the record before it
   * @param removed the offsets of the rows the expiry removed
   * @param kept per partition, the first and last offset of the rows the lake keeps in each of its files, as
   *     ranges {@code [first, last + 1)}, overlapping as they may
   */
  public static OffsetRanges merge(
      OffsetRanges before, OffsetRanges removed, Map<Integer, List<Range>> kept) {
    OffsetRanges all = before.union(removed);
    TreeMap<Integer, List<Range>> merged = new TreeMap<>();
    all.ranges()
        .forEach((partition, ranges) -> merged.put(
            partition, mergeAcross(ranges, sortedByFrom(kept.getOrDefault(partition, List.of())))));
    return new OffsetRanges(merged);
  }

  private static List<Range> mergeAcross(List<Range> ranges, List<Range> kept) {
    List<Range> out = new ArrayList<>();
    int k = 0;
    for (Range range : ranges) {
      if (out.isEmpty()) {
        out.add(range);
        continue;
      }
      Range last = out.get(out.size() - 1);
      long holeFrom = last.to();
      long holeTo = range.from();
      while (k < kept.size() && kept.get(k).to() <= holeFrom && kept.get(k).from() < holeFrom) {
        k++;
      }
      if (keptIn(kept, k, holeFrom, holeTo)) {
        out.add(range);
      } else {
        out.set(out.size() - 1, new Range(last.from(), range.to()));
      }
    }
    return out;
  }

  /** Whether a kept range from index {@code k} on meets {@code [from, to)}. */
  private static boolean keptIn(List<Range> kept, int k, long from, long to) {
    for (int i = k; i < kept.size() && kept.get(i).from() < to; i++) {
      if (kept.get(i).to() > from) {
        return true;
      }
    }
    return false;
  }

  private static List<Range> sortedByFrom(List<Range> ranges) {
    List<Range> sorted = new ArrayList<>(ranges);
    sorted.sort((a, b) -> Long.compare(a.from(), b.from()));
    return sorted;
  }
}
