package io.mink.indexer.round;

import io.mink.lake.AcceptedStart;
import io.mink.lake.LakeOffsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Plans a round of a log table from the lake's offsets and Kafka's bounds (docs/exactly-once.md,
 * "A round"). Pure: no clients, no clock.
 *
 * <table>
 *   <tr><th>Recorded offset</th><th>Split</th></tr>
 *   <tr><td>none</td><td>the table's start (its accepted start, else the log start) to end; with no data, the
 *   end is recorded as the offset; an accepted start below the log start is a gap</td></tr>
 *   <tr><td>at or past the end</td><td>skipped</td></tr>
 *   <tr><td>below log start</td><td>a gap: the round fails with its exact range</td></tr>
 *   <tr><td>otherwise</td><td>recorded offset to end</td></tr>
 * </table>
 */
public final class RoundPlanner {
  private RoundPlanner() {}

  public static RoundPlan plan(LakeOffsets recorded, Map<Integer, PartitionBounds> bounds) {
    return plan(recorded, AcceptedStart.LOG_START, bounds);
  }

  public static RoundPlan plan(
      LakeOffsets recorded, AcceptedStart start, Map<Integer, PartitionBounds> bounds) {
    List<PartitionRange> ranges = new ArrayList<>();
    List<OffsetGap> gaps = new ArrayList<>();
    Map<Integer, Long> emptyUnrecorded = new TreeMap<>();
    new TreeMap<>(bounds).forEach((partition, bound) -> {
      OptionalLong next = recorded.nextOffset(partition);
      if (next.isEmpty()) {
        long from = start.firstOffset(partition, bound.logStart());
        if (from < bound.logStart()) {
          gaps.add(new OffsetGap(partition, from, bound.logStart()));
        } else if (bound.end() > from) {
          ranges.add(new PartitionRange(partition, from, bound.end()));
        } else {
          emptyUnrecorded.put(partition, Math.max(from, bound.end()));
        }
      } else if (next.getAsLong() >= bound.end()) {
        return;
      } else if (next.getAsLong() < bound.logStart()) {
        gaps.add(new OffsetGap(partition, next.getAsLong(), bound.logStart()));
      } else {
        ranges.add(new PartitionRange(partition, next.getAsLong(), bound.end()));
      }
    });
    return new RoundPlan(ranges, gaps, emptyUnrecorded);
  }
}
