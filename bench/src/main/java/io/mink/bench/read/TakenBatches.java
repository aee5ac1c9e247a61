package io.mink.bench.read;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The batches of a read once it was planned, as they were taken.
 *
 * @param bufferBytes the size of every batch as the tail memory counts a batch: the bytes its vectors' values take
 *     ({@code getBufferSize}), not the memory allocated for them
 * @param peakArrowBytes the most bytes of column batches held while they were taken
 * @param waitNanos per Kafka partition in partition order, the time spent waiting for its batches: reading its lake files and, for a
 *     tail too large to hold, its second pass
 */
record TakenBatches(
    long rows, long batches, long bufferBytes, long peakArrowBytes, Map<Integer, Long> waitNanos) {
  TakenBatches {
    waitNanos = Collections.unmodifiableMap(new TreeMap<>(waitNanos));
  }
}
