package io.mink.query.audit;

import io.mink.lake.history.OffsetRanges.Range;
import java.util.ArrayList;
import java.util.List;
import org.roaringbitmap.longlong.PeekableLongIterator;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The offsets of one Kafka partition that the lake holds a row for, as a compressed bitmap: a run of consecutive
 * offsets costs a few bytes, so tens of millions of rows fit in little memory, in whatever order the files give them.
 */
final class PartitionRows {
  private final Roaring64Bitmap offsets = new Roaring64Bitmap();
  private long rows;

  void add(long offset) {
    offsets.addLong(offset);
    rows++;
  }

  /** Adds the rows of the consecutive offsets {@code [from, to)}, one each: a run of a file costs one call. */
  void addRun(long from, long to) {
    offsets.addRange(from, to);
    rows += to - from;
  }

  /** How many rows were added. */
  long rows() {
    return rows;
  }

  /** How many rows share their offset with an earlier one. */
  long duplicates() {
    return rows - offsets.getLongCardinality();
  }

  /** The lowest offset with a row; {@code Long.MAX_VALUE} when there is none. */
  long first() {
    return offsets.isEmpty() ? Long.MAX_VALUE : offsets.first();
  }

  /**
   * The ranges of {@code [from, to)} that hold no row, in order, and how many distinct offsets of it hold one.
   */
  Holes holes(long from, long to) {
    List<Range> holes = new ArrayList<>();
    long next = from;
    long within = 0;
    PeekableLongIterator it = offsets.getLongIteratorFrom(from);
    while (it.hasNext()) {
      long offset = it.next();
      if (offset >= to) {
        break;
      }
      within++;
      if (offset > next) {
        holes.add(new Range(next, offset));
      }
      next = offset + 1;
    }
    if (next < to) {
      holes.add(new Range(next, to));
    }
    return new Holes(holes, within);
  }

  /** How many distinct offsets hold a row. */
  long distinct() {
    return offsets.getLongCardinality();
  }

  /** The ranges without a row and the number of distinct offsets with one. */
  record Holes(List<Range> ranges, long distinctRows) {}
}
