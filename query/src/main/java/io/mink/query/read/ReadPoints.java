package io.mink.query.read;

import io.mink.indexer.round.PartitionBounds;
import io.mink.indexer.round.TopicBounds;
import io.mink.query.read.SnapshotPin.Pinned;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.Consumer;

/** The point a read would read now, planned without reading: the pinned snapshot and each partition's tail. */
final class ReadPoints {
  private ReadPoints() {}

  /** The point and the bounds of the topic it was planned with. */
  static PlannedPoint now(
      Table table,
      String topic,
      Consumer<byte[], byte[]> consumer,
      ReadRequest request,
      String name) {
    table.refresh();
    Pinned pinned =
        SnapshotPin.pinned(((HasTableOperations) table).operations().current(), request, name);
    Map<Integer, PartitionBounds> bounds =
        request.mode().readsLog() ? TopicBounds.read(consumer, topic, name) : Map.of();
    ReadPoint point = ReadPoint.of(
        pinned.id(),
        ReadPlanner.plan(
                request.mode(),
                pinned.seams(),
                bounds,
                Set.of(),
                request.partitions(),
                request.at(),
                topic)
            .stream()
            .map(PartitionRead::tail)
            .toList());
    return new PlannedPoint(point, bounds);
  }
}
