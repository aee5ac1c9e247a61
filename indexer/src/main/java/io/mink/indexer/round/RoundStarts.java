package io.mink.indexer.round;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.commit.RoundCommit;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a round starts the partitions the lake has no offset for yet, recorded in its commit as {@code
 * mink-started}: the table's start, which {@code mink table audit} checks from when the table was added without an
 * accepted start (docs/operations.md, "Auditing a table"). Pure.
 */
final class RoundStarts {
  private RoundStarts() {}

  /** The first offset of each partition the plan reads, or records, for the first time. */
  static Map<Integer, Long> of(LakeOffsets recorded, RoundPlan plan) {
    Map<Integer, Long> started = new TreeMap<>();
    plan.ranges().forEach(range -> {
      if (recorded.nextOffset(range.partition()).isEmpty()) {
        started.put(range.partition(), range.from());
      }
    });
    plan.emptyUnrecorded().forEach(started::putIfAbsent);
    return started;
  }

  /** The commit with the starts of the partitions it records an offset for. */
  static RoundCommit with(RoundCommit round, Map<Integer, Long> started) {
    Map<Integer, Long> committed = new TreeMap<>();
    started.forEach((partition, from) -> {
      if (round.endOffsets().nextOffset(partition).isPresent()) {
        committed.put(partition, from);
      }
    });
    if (committed.isEmpty()) {
      return round;
    }
    Map<String, String> summary = new HashMap<>(round.summary());
    summary.put(MinkSnapshot.STARTED_PROPERTY, LakeOffsets.of(committed).encode());
    return new RoundCommit(
        round.roundId(),
        round.startOffsets(),
        round.endOffsets(),
        round.dataFiles(),
        summary,
        round.schemaEvolution(),
        round.compaction(),
        round.deletes(),
        round.baseSnapshotId());
  }
}
