package io.mink.indexer.takeover;

import static java.util.Objects.requireNonNull;

import io.mink.lake.AcceptedStart;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Where the Kafka Connect sink's committed data of a topic ends: per partition, the first offset its table does not
 * hold, which is where Mink takes over. A partition the sink never read is absent, and Mink starts it at its log
 * start.
 *
 * @param firstOffsets per partition, the first offset the sink's table does not hold
 * @param pendingTransactions the worker transactions whose data the sink wrote but never committed to the table,
 *     which Mink reads again
 */
public record SinkBoundary(SortedMap<Integer, Long> firstOffsets, int pendingTransactions) {
  public SinkBoundary {
    firstOffsets = new TreeMap<>(requireNonNull(firstOffsets, "firstOffsets is null"));
  }

  public static SinkBoundary of(Map<Integer, Long> firstOffsets, int pendingTransactions) {
    return new SinkBoundary(new TreeMap<>(firstOffsets), pendingTransactions);
  }

  /** The boundary as the table's accepted start. */
  public AcceptedStart acceptedStart() {
    return AcceptedStart.of(firstOffsets);
  }
}
