package io.mink.indexer.round;

import io.mink.lake.LakeOffsets;
import java.time.Duration;
import java.util.Map;

/**
 * What a round did.
 *
 * @param committed whether a snapshot was made (false when there was nothing new)
 * @param records the Kafka records the round indexed: in an upsert table more than its rows, as a record whose key a
 *     later record of the round replaced, a tombstone and a record without a key write no row
 * @param forceFinished whether the freshness deadline cut the round short; the rest rolls over
 * @param rawParts keys and values left raw, by part and reason, such as value.undecodable-bytes
 * @param endsAtPlan when the round found every partition at its end as it planned (nothing to read, nothing
 *     committed), each partition's end offset then (the last stable offset), from which its lag is known without
 *     asking Kafka again; empty otherwise
 */
public record RoundResult(
    String table,
    boolean committed,
    long snapshotId,
    LakeOffsets offsets,
    long records,
    long rows,
    long bytes,
    int files,
    Duration duration,
    boolean forceFinished,
    Map<String, Long> rawParts,
    Map<Integer, Long> endsAtPlan) {
  public RoundResult {
    rawParts = Map.copyOf(rawParts);
    endsAtPlan = Map.copyOf(endsAtPlan);
  }

  public static RoundResult nothingNew(String table, LakeOffsets offsets, Duration duration) {
    return new RoundResult(
        table, false, -1, offsets, 0, 0, 0, 0, duration, false, Map.of(), Map.of());
  }

  /** A round that found every partition at its end, {@code endsAtPlan}, as it planned. */
  public static RoundResult atEnd(
      String table, LakeOffsets offsets, Map<Integer, Long> endsAtPlan, Duration duration) {
    return new RoundResult(
        table, false, -1, offsets, 0, 0, 0, 0, duration, false, Map.of(), endsAtPlan);
  }
}
