package io.mink.indexer.redecode;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What a redecode did.
 *
 * @param snapshotId the snapshot that holds the rewritten files; empty when no raw part decodes now and nothing was
 *     committed
 * @param redecoded the parts decoded now, by "key." or "value." and their previous reason ({@link PreviousReason})
 * @param filesRead the data files read because they may hold raw parts
 * @param filesRewritten the data files rewritten, each into one new file
 * @param filesUntouched the table's other data files in the scope, left as they were
 * @param attempts how many times it was planned: a round that commits meanwhile makes it start over
 */
public record Redecoded(
    String table,
    OptionalLong snapshotId,
    Map<String, Long> redecoded,
    int filesRead,
    int filesRewritten,
    int filesUntouched,
    int attempts,
    Duration took) {
  public Redecoded {
    requireNonNull(table, "table is null");
    requireNonNull(snapshotId, "snapshotId is null");
    redecoded = Map.copyOf(requireNonNull(redecoded, "redecoded is null"));
    requireNonNull(took, "took is null");
  }

  /** How many parts decode now, keys and values. */
  public long parts() {
    return redecoded.values().stream().mapToLong(Long::longValue).sum();
  }
}
