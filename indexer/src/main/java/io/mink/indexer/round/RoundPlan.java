package io.mink.indexer.round;

import java.util.List;
import java.util.Map;

/**
 * The splits of a round, one per partition with new data; the gaps found while planning; and the
 * partitions the lake has no offset for and Kafka has no data in, whose start offset is recorded
 * so that a later retention cut is seen as a gap.
 */
public record RoundPlan(
    List<PartitionRange> ranges, List<OffsetGap> gaps, Map<Integer, Long> emptyUnrecorded) {
  public RoundPlan {
    ranges = List.copyOf(ranges);
    gaps = List.copyOf(gaps);
    emptyUnrecorded = Map.copyOf(emptyUnrecorded);
  }

  /** Whether the round has anything to commit: rows to read or offsets to record. */
  public boolean hasWork() {
    return !ranges.isEmpty() || !emptyUnrecorded.isEmpty();
  }

  public long recordsUpperBound() {
    return ranges.stream().mapToLong(range -> range.to() - range.from()).sum();
  }
}
