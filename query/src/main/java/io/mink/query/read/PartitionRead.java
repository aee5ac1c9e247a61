package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.round.OffsetGap;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The plan of one Kafka partition of a read (docs/querying.md, Fresh reads).
 *
 * @param seam the partition's offset in the pinned snapshot's {@code mink-offsets}: the lake holds every record
 *     below it; empty when the lake has none of the partition's records
 * @param tail the Kafka offsets read after the lake's rows
 * @param gap offsets neither the lake nor Kafka holds any more, between the seam and the tail
 */
public record PartitionRead(
    int partition, OptionalLong seam, TailRange tail, Optional<OffsetGap> gap) {
  public PartitionRead {
    requireNonNull(seam, "seam is null");
    requireNonNull(tail, "tail is null");
    requireNonNull(gap, "gap is null");
    if (tail.partition() != partition) {
      throw new IllegalArgumentException("tail " + tail + " is not of partition " + partition);
    }
  }
}
