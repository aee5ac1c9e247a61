package io.mink.indexer.stats;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * What a table's last round did.
 *
 * @param records the Kafka records it indexed; rows are fewer in an upsert table (docs/tables.md)
 */
public record RoundSummary(
    Instant finishedAt,
    boolean committed,
    long records,
    long rows,
    long bytes,
    int files,
    Duration duration,
    boolean forceFinished,
    Map<String, Long> rawParts) {
  public RoundSummary {
    rawParts = Map.copyOf(rawParts);
  }
}
