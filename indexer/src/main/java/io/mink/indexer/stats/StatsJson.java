package io.mink.indexer.stats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;

/**
 * {@code mink cluster stats --output json}: a document whose fields are documented in docs/monitoring.md and only
 * ever added to; {@code version} changes if one is changed or removed. Instants are ISO-8601 text in UTC,
 * durations whole milliseconds (fields ending in Ms), unknown values null.
 */
public final class StatsJson {
  public static final int VERSION = 1;

  private StatsJson() {}

  public static String render(List<TableReport> tables, Instant generatedAt) {
    ObjectNode root = StatusCodec.JSON.createObjectNode();
    root.put("version", VERSION);
    StatusCodec.putInstant(root, "generatedAt", generatedAt);
    ArrayNode array = root.putArray("tables");
    for (TableReport table : tables) {
      ObjectNode node = array.addObject();
      node.put("table", table.table());
      node.put("topic", table.topic());
      node.put("state", table.state());
      ObjectNode lifecycle = node.putObject("lifecycle");
      lifecycle.put("state", table.lifecycle().state().label());
      StatusCodec.putInstant(lifecycle, "since", table.lifecycle().since());
      lifecycle.put("reason", table.lifecycle().reason());
      node.put("owner", table.owner());
      node.put("epoch", table.epoch());
      node.put("ownerSilent", table.ownerSilent());
      StatusCodec.putInstant(node, "statusPublishedAt", table.statusPublishedAt());
      StatusCodec.putInstant(node, "lastTiered", table.lastTiered());
      StatusCodec.putInstant(node, "nextDue", table.nextDue());
      node.put("offsetLag", table.offsetLag());
      StatusCodec.putMillis(node, "timeLagMs", table.timeLag());
      ArrayNode partitions = node.putArray("partitions");
      for (PartitionMeasure measure : table.partitions()) {
        ObjectNode partition = partitions.addObject();
        partition.put("partition", measure.partition());
        partition.put("lakeOffset", measure.recordedOffset());
        partition.put("nextOffset", measure.nextOffset());
        partition.put("logStartOffset", measure.logStartOffset());
        partition.put("endOffset", measure.endOffset());
        partition.put("offsetLag", measure.offsetLag());
        StatusCodec.putMillis(partition, "timeLagMs", measure.timeLag());
      }
      node.set("lastRound", StatusCodec.lastRound(table.lastRound()));
      ArrayNode errors = node.putArray("errors");
      table.errors().forEach(errors::add);
      node.set("gaps", StatusCodec.gaps(table.gaps()));
      ArrayNode warnings = node.putArray("warnings");
      table.warnings().forEach(warnings::add);
    }
    try {
      return StatusCodec.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write the cluster stats as JSON", e);
    }
  }
}
