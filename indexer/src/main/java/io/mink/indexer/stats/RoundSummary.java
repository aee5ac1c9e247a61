package io.mink.indexer.stats;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/** What a table's last round did. */
public record RoundSummary(
    Instant finishedAt,
    boolean committed,
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
