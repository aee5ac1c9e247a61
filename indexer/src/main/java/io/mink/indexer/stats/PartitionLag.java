package io.mink.indexer.stats;

import java.time.Duration;

/**
 * How far the lake is behind one Kafka partition.
 *
 * @param lakeOffset the next offset to index, as the newest Mink snapshot records it
 * @param endOffset the partition's end offset (last stable offset) when measured
 * @param timeLag the age of the oldest record not in the lake yet; zero when none is waiting, null when unknown
 */
public record PartitionLag(int partition, long lakeOffset, long endOffset, Duration timeLag) {
  public long offsetLag() {
    return Math.max(0, endOffset - lakeOffset);
  }
}
