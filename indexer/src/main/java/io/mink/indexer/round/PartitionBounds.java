package io.mink.indexer.round;

/**
 * A Kafka partition's offsets at plan time.
 *
 * @param logStart the earliest offset Kafka still holds
 * @param end the end offset: the last stable offset under read_committed
 */
public record PartitionBounds(long logStart, long end) {
  public PartitionBounds {
    if (logStart < 0 || end < logStart) {
      throw new IllegalArgumentException(
          "Invalid partition bounds: log start " + logStart + ", end " + end);
    }
  }
}
