package io.mink.query.audit;

import io.mink.lake.history.OffsetRanges.Range;
import java.util.ArrayList;
import java.util.List;

/**
 * Accounts for the offsets of a partition that hold no row, by the table's history: those of accepted gaps, then
 * those the row TTL removed; what is left is asked of Kafka. Pure.
 *
 * @param inGaps offsets without a row in a gap an operator accepted
 * @param expired offsets without a row that the row TTL removed
 * @param toCheck the rest, in order: offsets Kafka must account for
 */
record OffsetAccounting(long inGaps, long expired, List<Range> toCheck) {
  OffsetAccounting {
    toCheck = List.copyOf(toCheck);
  }

  static OffsetAccounting of(List<Range> holes, List<Range> gaps, List<Range> expired) {
    Cut afterGaps = cut(holes, gaps);
    Cut afterExpiry = cut(afterGaps.left(), expired);
    return new OffsetAccounting(afterGaps.covered(), afterExpiry.covered(), afterExpiry.left());
  }

  /** The parts of {@code pieces} that {@code cover} leaves, and how many offsets it covers; both lists sorted. */
  static Cut cut(List<Range> pieces, List<Range> cover) {
    List<Range> left = new ArrayList<>();
    long covered = 0;
    int c = 0;
    for (Range piece : pieces) {
      long from = piece.from();
      while (c < cover.size() && cover.get(c).to() <= from) {
        c++;
      }
      int i = c;
      while (from < piece.to() && i < cover.size() && cover.get(i).from() < piece.to()) {
        Range range = cover.get(i);
        if (range.from() > from) {
          left.add(new Range(from, range.from()));
          from = range.from();
        }
        long end = Math.min(range.to(), piece.to());
        covered += end - from;
        from = end;
        if (range.to() <= piece.to()) {
          i++;
        } else {
          break;
        }
      }
      if (from < piece.to()) {
        left.add(new Range(from, piece.to()));
      }
    }
    return new Cut(left, covered);
  }

  record Cut(List<Range> left, long covered) {}
}
