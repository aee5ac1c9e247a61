package io.mink.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.indexer.config.Durations;
import io.mink.indexer.stats.PartitionMeasure;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.RowTtl;
import java.time.Instant;

/** {@code mink table show --output json}: the table's entry with its Iceberg table and partitions (docs/cli.md). */
final class TableViewJson {
  private TableViewJson() {}

  static ObjectNode node(TableView view, Instant generatedAt) {
    ObjectNode node = CommandJson.descriptor(view.descriptor());
    CommandJson.putInstant(node, "generatedAt", generatedAt);
    node.put(
        "timeAs",
        MinkTableLayout.mappingOptions(view.descriptor().options()).timeOfDay().label());
    RowTtl.fromOptions(view.descriptor().options())
        .ifPresent(ttl -> node.put("rowTtl", Durations.format(ttl.ttl())));
    if (view.registryWait() != null) {
      ObjectNode wait = node.putObject("registryWait");
      CommandJson.putInstant(wait, "since", view.registryWait().since());
      wait.put("reason", view.registryWait().reason());
    }
    TableView.Lake lake = view.lake();
    if (lake == null) {
      node.putNull("iceberg");
    } else {
      ObjectNode iceberg = node.putObject("iceberg");
      iceberg.put("location", lake.location());
      iceberg.put("formatVersion", lake.formatVersion());
      ArrayNode warnings = iceberg.putArray("warnings");
      lake.warnings().forEach(warnings::add);
      MinkSnapshot newest = lake.newest();
      if (newest == null) {
        iceberg.putNull("snapshot");
      } else {
        ObjectNode snapshot = iceberg.putObject("snapshot");
        snapshot.put("id", newest.snapshotId());
        snapshot.put("sequenceNumber", newest.sequenceNumber());
        CommandJson.putInstant(
            snapshot, "committedAt", Instant.ofEpochMilli(newest.timestampMillis()));
        ObjectNode offsets = snapshot.putObject("minkOffsets");
        newest
            .offsets()
            .nextOffsets()
            .forEach((partition, offset) -> offsets.put(partition.toString(), offset));
      }
    }
    if (view.partitions() == null) {
      node.putNull("partitions");
      return node;
    }
    ArrayNode partitions = node.putArray("partitions");
    for (PartitionMeasure measure : view.partitions()) {
      ObjectNode partition = partitions.addObject();
      partition.put("partition", measure.partition());
      partition.put("lakeOffset", measure.recordedOffset());
      partition.put("logStartOffset", measure.logStartOffset());
      partition.put("endOffset", measure.endOffset());
      partition.put("offsetLag", measure.offsetLag());
      if (measure.timeLag() == null) {
        partition.putNull("timeLagMs");
      } else {
        partition.put("timeLagMs", measure.timeLag().toMillis());
      }
    }
    return node;
  }
}
