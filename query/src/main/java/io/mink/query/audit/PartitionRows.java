package io.mink.query.audit;

import io.mink.lake.history.OffsetRanges.Range;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * The offsets of one Kafka partition that the lake holds a row for, as compressed bitmaps, one per 2^32 offsets: a
 * run of consecutive offsets costs a few bytes and one call, so tens of millions of rows fit in little memory, in
 * whatever order the files give them.
 */
final class PartitionRows {
  private final TreeMap<Integer, RoaringBitmap> offsets = new TreeMap<>();
  private long rows;

  void add(long offset) {
    addRun(offset, offset + 1);
  }

  /** Adds the rows of the consecutive offsets {@code [from, to)}, one each: a run of a file costs one call. */
  void addRun(long from, long to) {
    rows += to - from;
    long start = from;
    while (start < to) {
      int high = (int) (start >>> 32);
      long blockEnd = ((long) high + 1) << 32;
      long end = Math.min(to, blockEnd);
      offsets
          .computeIfAbsent(high, h -> new RoaringBitmap())
          .add(start & 0xFFFFFFFFL, end - ((long) high << 32));
      start = end;
    }
  }

  /** How many rows were added. */
  long rows() {
    return rows;
  }

  /** How many rows share their offset with an earlier one. */
  long duplicates() {
    return rows - distinct();
  }

  /** How many distinct offsets hold a row. */
  long distinct() {
    return offsets.values().stream()
        .mapToLong(RoaringBitmap::getLongCardinality)
        .sum();
  }

  /** The lowest offset with a row; {@code Long.MAX_VALUE} when there is none. */
  long first() {
    for (Map.Entry<Integer, RoaringBitmap> block : offsets.entrySet()) {
      if (!block.getValue().isEmpty()) {
        return ((long) block.getKey() << 32)
            | Integer.toUnsignedLong(block.getValue().first());
      }
    }
    return Long.MAX_VALUE;
  }

  /**
   * The ranges of {@code [from, to)} that hold no row, in order, and how many distinct offsets of it hold one. Works
   * on the complement, so its cost follows the holes, not the rows.
   */
  Holes holes(long from, long to) {
    List<Range> holes = new ArrayList<>();
    long within = 0;
    long start = from;
    while (start < to) {
      int high = (int) (start >>> 32);
      long base = (long) high << 32;
      long end = Math.min(to, base + (1L << 32));
      RoaringBitmap block = offsets.getOrDefault(high, new RoaringBitmap());
      RoaringBitmap missing = RoaringBitmap.flip(block, start - base, end - base);
      missing.and(RoaringBitmap.bitmapOfRange(start - base, end - base));
      within += (end - start) - missing.getLongCardinality();
      PeekableIntIterator it = missing.getIntIterator();
      long runFrom = -1;
      long runTo = -1;
      while (it.hasNext()) {
        long offset = base + Integer.toUnsignedLong(it.next());
        if (offset == runTo) {
          runTo++;
        } else {
          if (runFrom >= 0) {
            holes.add(new Range(runFrom, runTo));
          }
          runFrom = offset;
          runTo = offset + 1;
        }
      }
      if (runFrom >= 0) {
        holes.add(new Range(runFrom, runTo));
      }
      start = end;
    }
    return new Holes(mergeTouching(holes), within);
  }

  private static List<Range> mergeTouching(List<Range> ranges) {
    List<Range> merged = new ArrayList<>();
    for (Range range : ranges) {
      Range last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && last.to() == range.from()) {
        merged.set(merged.size() - 1, new Range(last.from(), range.to()));
      } else {
        merged.add(range);
      }
    }
    return merged;
  }

  /** The ranges without a row and the number of distinct offsets with one. */
  record Holes(List<Range> ranges, long distinctRows) {}
}
