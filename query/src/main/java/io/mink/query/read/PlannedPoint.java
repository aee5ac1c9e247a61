package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.round.PartitionBounds;
import java.util.Map;

/**
 * A read point as {@link UnionRead#planPoint} planned it, with Kafka's bounds of the table's topic it was planned
 * with: reads of parts of the point given it ({@link UnionRead#reading}) ask Kafka for the bounds and the topic id no
 * more, so a statement that reads a table in several splits asks once.
 *
 * @param point the pinned snapshot and each partition's tail
 * @param bounds every partition of the topic with its log start and last stable offset as the point was planned; empty
 *     when the point reads no tail
 */
public record PlannedPoint(ReadPoint point, Map<Integer, PartitionBounds> bounds) {
  public PlannedPoint {
    requireNonNull(point, "point is null");
    bounds = Map.copyOf(requireNonNull(bounds, "bounds is null"));
  }
}
