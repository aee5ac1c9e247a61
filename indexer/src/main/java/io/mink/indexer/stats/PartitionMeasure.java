package io.mink.indexer.stats;

import java.time.Duration;
import java.util.Optional;

/**
 * A Kafka partition of a table, measured now against the lake.
 *
 * @param recordedOffset the next offset to read as the newest Mink snapshot records it, or the table's accepted
 *     start (mink table add --from) before a round recorded one; null when neither is (a table not tiered yet, a
 *     partition added to the topic since), and the first round starts at the log start
 * @param logStartOffset the partition's earliest offset in Kafka
 * @param endOffset the partition's end offset: the last stable offset, as Mink reads read_committed
 * @param timeLag the age of the first record not in the lake yet; zero when none waits; null when unknown
 */
public record PartitionMeasure(
    int partition, Long recordedOffset, long logStartOffset, long endOffset, Duration timeLag) {
  /** The next offset the lake indexes: the recorded one, or the log start when none is recorded. */
  public long nextOffset() {
    return recordedOffset != null ? recordedOffset : logStartOffset;
  }

  /** Records in Kafka not in the lake yet (transaction markers included). */
  public long offsetLag() {
    return Math.max(0, endOffset - nextOffset());
  }

  /** Offsets Kafka deleted before they were indexed: the recorded offset is below the log start. */
  public Optional<TableStatus.Gap> gap() {
    return recordedOffset != null && recordedOffset < logStartOffset
        ? Optional.of(new TableStatus.Gap(partition, recordedOffset, logStartOffset))
        : Optional.empty();
  }

  public PartitionLag toLag() {
    return new PartitionLag(partition, nextOffset(), endOffset, timeLag);
  }
}
