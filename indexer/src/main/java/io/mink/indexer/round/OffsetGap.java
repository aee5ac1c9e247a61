package io.mink.indexer.round;

/**
 * Offsets Kafka deleted before Mink indexed them: [from, to) of a partition. Never skipped
 * silently; continuing past a gap is an operator's decision.
 */
public record OffsetGap(int partition, long from, long to) {
  @Override
  public String toString() {
    return "partition " + partition + " offsets [" + from + ", " + to + ")";
  }
}
