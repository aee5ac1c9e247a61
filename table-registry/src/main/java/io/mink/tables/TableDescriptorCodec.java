package io.mink.tables;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JSON form of an entry in the tables topic: the descriptor and its revision. Unknown fields are ignored for
 * upgrades; an entry without a revision (written before revisions existed) reads as revision 0. Every entry carries
 * its format version ({@code "version"}, 1 when absent); an entry of a newer format is refused, never read as an
 * older one (docs/compatibility.md).
 */
final class TableDescriptorCodec {
  /** The entry format this Mink writes, and the newest it reads. */
  static final int ENTRY_FORMAT_VERSION = 1;

  private static final ObjectMapper JSON = new ObjectMapper();

  private TableDescriptorCodec() {}

  static byte[] encode(TableEntry entry) {
    TableDescriptor descriptor = entry.descriptor();
    ObjectNode node = JSON.createObjectNode();
    node.put("version", ENTRY_FORMAT_VERSION);
    node.put("revision", entry.revision());
    node.put("namespace", descriptor.namespace());
    node.put("name", descriptor.name());
    node.put("topic", descriptor.topic());
    if (descriptor.topicId() != null) {
      node.put("topic_id", descriptor.topicId());
    }
    node.put("freshness_ms", descriptor.freshness().toMillis());
    ObjectNode options = node.putObject("options");
    descriptor.options().forEach(options::put);
    node.put("added_at", descriptor.addedAt().toString());
    ObjectNode state = node.putObject("state");
    state.put("name", descriptor.lifecycle().state().label());
    state.put("since", descriptor.lifecycle().since().toString());
    state.put("reason", descriptor.lifecycle().reason());
    return node.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The format version of an entry: its {@code "version"}, 1 when it has none.
   *
   * @throws IllegalArgumentException when the entry is no JSON object or its version is no whole number
   */
  static int version(byte[] bytes) {
    JsonNode node;
    try {
      node = JSON.readTree(bytes);
    } catch (java.io.IOException e) {
      throw unreadable(bytes, e);
    }
    if (node == null || !node.isObject()) {
      throw unreadable(bytes, new IllegalArgumentException("an entry is a JSON object"));
    }
    JsonNode version = node.get("version");
    if (version == null || version.isNull()) {
      return 1;
    }
    if (!version.isInt() || version.asInt() < 1) {
      throw unreadable(
          bytes, new IllegalArgumentException("its version " + version + " is no whole number"));
    }
    return version.asInt();
  }

  /**
   * Reads an entry of a format this Mink reads; call {@link #version} first for entries that may be newer.
   *
   * @throws IllegalArgumentException when the entry is unreadable or of a newer format
   */
  static TableEntry decode(byte[] bytes) {
    int version = version(bytes);
    if (version > ENTRY_FORMAT_VERSION) {
      throw new IllegalArgumentException("Entry format version " + version
          + " is newer than the newest this Mink reads, " + ENTRY_FORMAT_VERSION);
    }
    try {
      JsonNode node = JSON.readTree(bytes);
      Map<String, String> options = new TreeMap<>();
      for (Map.Entry<String, JsonNode> option : node.path("options").properties()) {
        options.put(option.getKey(), option.getValue().asText());
      }
      Instant addedAt = Instant.parse(node.get("added_at").asText());
      JsonNode state = node.path("state");
      Lifecycle lifecycle = state.isObject()
          ? new Lifecycle(
              LifecycleState.fromLabel(state.get("name").asText()),
              Instant.parse(state.get("since").asText()),
              state.path("reason").asText(""))
          : Lifecycle.indexing(addedAt, "added");
      TableDescriptor descriptor = new TableDescriptor(
          node.get("namespace").asText(),
          node.get("name").asText(),
          node.get("topic").asText(),
          node.hasNonNull("topic_id") ? node.get("topic_id").asText() : null,
          Duration.ofMillis(node.get("freshness_ms").asLong()),
          options,
          addedAt,
          lifecycle);
      return new TableEntry(descriptor, node.path("revision").asLong(0));
    } catch (java.io.IOException | RuntimeException e) {
      throw unreadable(bytes, e);
    }
  }

  private static IllegalArgumentException unreadable(byte[] bytes, Exception cause) {
    return new IllegalArgumentException(
        "Unreadable table descriptor " + new String(bytes, StandardCharsets.UTF_8) + ": "
            + cause.getMessage(),
        cause);
  }
}
