package io.mink.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.indexer.config.Durations;
import io.mink.lake.AcceptedStart;
import io.mink.lake.CdcFormat;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.TableMode;
import io.mink.tables.TableDescriptor;
import java.time.Instant;
import java.util.TreeMap;

/**
 * The JSON the table commands print with {@code --output json} (docs/cli.md): instants as ISO-8601 text in UTC,
 * durations as text such as "3m" and as whole milliseconds in fields ending in Ms, unknown values null.
 */
final class CommandJson {
  static final ObjectMapper JSON = new ObjectMapper();

  private CommandJson() {}

  /**
   * Every field of an added table's entry, its state included, its mode and cdc format (null when none), and its
   * accepted start per partition (null when every partition starts at its log start).
   */
  static ObjectNode descriptor(TableDescriptor descriptor) {
    ObjectNode node = JSON.createObjectNode();
    node.put("table", descriptor.qualifiedName());
    node.put("namespace", descriptor.namespace());
    node.put("name", descriptor.name());
    node.put("topic", descriptor.topic());
    node.put("topicId", descriptor.topicId());
    node.put("freshness", Durations.format(descriptor.freshness()));
    node.put("freshnessMs", descriptor.freshness().toMillis());
    node.put("mode", TableMode.of(descriptor.options()).label());
    node.put(
        "cdc", MinkTableLayout.cdc(descriptor.options()).map(CdcFormat::label).orElse(null));
    AcceptedStart start = AcceptedStart.fromOptions(descriptor.options());
    if (start.isLogStart()) {
      node.putNull("startOffsets");
    } else {
      ObjectNode offsets = node.putObject("startOffsets");
      start
          .offsets()
          .nextOffsets()
          .forEach((partition, offset) -> offsets.put(partition.toString(), offset));
    }
    ObjectNode options = node.putObject("options");
    new TreeMap<>(descriptor.options()).forEach(options::put);
    putInstant(node, "addedAt", descriptor.addedAt());
    ObjectNode state = node.putObject("state");
    state.put("name", descriptor.state().label());
    putInstant(state, "since", descriptor.lifecycle().since());
    state.put("reason", descriptor.lifecycle().reason());
    return node;
  }

  static void putInstant(ObjectNode node, String field, Instant instant) {
    if (instant == null) {
      node.putNull(field);
    } else {
      node.put(field, instant.toString());
    }
  }

  /** The document, indented, with a line break at the end. */
  static String render(JsonNode node) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(node) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write JSON", e);
    }
  }

  /** The document on one line, for a stream of documents such as {@code mink table show --watch --output json}. */
  static String line(JsonNode node) {
    return node.toString() + "\n";
  }
}
