package io.mink.indexer.round;

import io.mink.lake.AcceptedStart;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

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

  /**
   * Whether the round has anything to commit that the table's entry does not record already: rows to read, or the
   * start of an empty partition that {@code start}, the table's accepted start, does not fix (a table added without
   * {@code --from}, a partition added to the topic later). An empty partition starting at its accepted start needs no
   * commit: the accepted start never changes once the table is added, so every later round plans from the same
   * offset, and Kafka deleting records past it is a gap all the same.
   */
  public boolean hasWorkBeyond(AcceptedStart start) {
    if (!ranges.isEmpty()) {
      return true;
    }
    for (Map.Entry<Integer, Long> partition : emptyUnrecorded.entrySet()) {
      OptionalLong accepted = start.firstOffset(partition.getKey());
      if (accepted.isEmpty() || accepted.getAsLong() != partition.getValue()) {
        return true;
      }
    }
    return false;
  }

  public long recordsUpperBound() {
    return ranges.stream().mapToLong(range -> range.to() - range.from()).sum();
  }
}
