package io.mink.indexer.round;

/** One split of a round: a partition read from {@code from} (inclusive) to {@code to} (exclusive). */
public record PartitionRange(int partition, long from, long to) {
  public PartitionRange {
    if (partition < 0 || from < 0 || to <= from) {
      throw new IllegalArgumentException(
          "Invalid range of partition " + partition + ": [" + from + ", " + to + ")");
    }
  }
}
