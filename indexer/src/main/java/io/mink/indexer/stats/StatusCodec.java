package io.mink.indexer.stats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.schema.secret.KnownSecrets;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link PublishedStatus} as the JSON value of a status topic record (docs/monitoring.md): instants as ISO-8601
 * text in UTC, durations as whole milliseconds, states in lower case. Unknown fields are passed over, so older
 * readers read newer owners' records.
 */
public final class StatusCodec {
  /** The version of the record layout, written as "version"; a reader skips records of a version it does not know. */
  public static final int VERSION = 1;

  static final ObjectMapper JSON = new ObjectMapper();

  private StatusCodec() {}

  public static byte[] encode(PublishedStatus published) {
    TableStatus status = published.status();
    ObjectNode node = JSON.createObjectNode();
    node.put("version", VERSION);
    node.put("table", status.table());
    node.put("topic", status.topic());
    node.put("state", state(status.state()));
    node.put("owner", status.owner());
    node.put("epoch", status.epoch());
    putInstant(node, "lastTiered", status.lastTiered());
    putInstant(node, "nextDue", status.nextDue());
    ArrayNode partitions = node.putArray("partitions");
    for (PartitionLag lag : status.partitions()) {
      ObjectNode partition = partitions.addObject();
      partition.put("partition", lag.partition());
      partition.put("lakeOffset", lag.lakeOffset());
      partition.put("endOffset", lag.endOffset());
      putMillis(partition, "timeLagMs", lag.timeLag());
    }
    node.set("lastRound", lastRound(status.lastRound()));
    node.put("error", KnownSecrets.scrub(status.error()));
    node.set("gaps", gaps(status.gaps()));
    if (status.registryWait() != null) {
      ObjectNode wait = node.putObject("registryWait");
      putInstant(wait, "since", status.registryWait().since());
      wait.put("reason", KnownSecrets.scrub(status.registryWait().reason()));
    }
    if (status.freshness() != null) {
      putMillis(node, "freshnessMs", status.freshness());
    }
    putInstant(node, "updatedAt", status.updatedAt());
    putInstant(node, "publishedAt", published.publishedAt());
    try {
      return JSON.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "Cannot write the status of " + status.table() + " as JSON", e);
    }
  }

  /**
   * Reads a record's value.
   *
   * @throws IllegalArgumentException when it is not a status of a version this reader knows; the message says why
   */
  public static PublishedStatus decode(byte[] value) {
    JsonNode node;
    try {
      node = JSON.readTree(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new IllegalArgumentException("not JSON: " + e.getMessage(), e);
    }
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException("not a JSON object");
    }
    int version = node.path("version").asInt(-1);
    if (version != VERSION) {
      throw new IllegalArgumentException(
          "version " + node.path("version") + ", this Mink reads version " + VERSION);
    }
    List<PartitionLag> partitions = new ArrayList<>();
    for (JsonNode partition : node.path("partitions")) {
      partitions.add(new PartitionLag(
          integer(partition, "partition"),
          number(partition, "lakeOffset"),
          number(partition, "endOffset"),
          millis(partition, "timeLagMs")));
    }
    List<TableStatus.Gap> gaps = new ArrayList<>();
    for (JsonNode gap : node.path("gaps")) {
      gaps.add(
          new TableStatus.Gap(integer(gap, "partition"), number(gap, "from"), number(gap, "to")));
    }
    TableStatus status = new TableStatus(
        text(node, "table"),
        text(node, "topic"),
        state(text(node, "state")),
        text(node, "owner"),
        number(node, "epoch"),
        instant(node, "lastTiered"),
        instant(node, "nextDue"),
        partitions,
        lastRound(node.get("lastRound")),
        optionalText(node, "error"),
        gaps,
        required(instant(node, "updatedAt"), "updatedAt"),
        registryWait(node.get("registryWait")),
        millis(node, "freshnessMs"));
    return new PublishedStatus(status, required(instant(node, "publishedAt"), "publishedAt"));
  }

  private static RegistryWait registryWait(JsonNode node) {
    if (node == null || !node.isObject()) {
      return null;
    }
    return new RegistryWait(
        required(instant(node, "since"), "registryWait.since"), text(node, "reason"));
  }

  /** A state as written: its name in lower case, such as tiered. */
  public static String state(TableState state) {
    return state.name().toLowerCase(Locale.ROOT);
  }

  static JsonNode lastRound(RoundSummary round) {
    if (round == null) {
      return JSON.nullNode();
    }
    ObjectNode node = JSON.createObjectNode();
    putInstant(node, "finishedAt", round.finishedAt());
    node.put("committed", round.committed());
    node.put("records", round.records());
    node.put("rows", round.rows());
    node.put("bytes", round.bytes());
    node.put("files", round.files());
    putMillis(node, "durationMs", round.duration());
    node.put("forceFinished", round.forceFinished());
    ObjectNode rawParts = node.putObject("rawParts");
    new TreeMap<>(round.rawParts()).forEach(rawParts::put);
    return node;
  }

  static ArrayNode gaps(List<TableStatus.Gap> gaps) {
    ArrayNode array = JSON.createArrayNode();
    for (TableStatus.Gap gap : gaps) {
      array
          .addObject()
          .put("partition", gap.partition())
          .put("from", gap.from())
          .put("to", gap.to());
    }
    return array;
  }

  static void putInstant(ObjectNode node, String field, Instant instant) {
    if (instant == null) {
      node.putNull(field);
    } else {
      node.put(field, instant.toString());
    }
  }

  static void putMillis(ObjectNode node, String field, Duration duration) {
    if (duration == null) {
      node.putNull(field);
    } else {
      node.put(field, duration.toMillis());
    }
  }

  private static RoundSummary lastRound(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    Map<String, Long> rawParts = new TreeMap<>();
    for (Map.Entry<String, JsonNode> entry : node.path("rawParts").properties()) {
      rawParts.put(entry.getKey(), entry.getValue().asLong());
    }
    long rows = number(node, "rows");
    // An owner of an older version counted no records; its rows stand for them.
    return new RoundSummary(
        instant(node, "finishedAt"),
        node.path("committed").asBoolean(),
        node.has("records") ? number(node, "records") : rows,
        rows,
        number(node, "bytes"),
        integer(node, "files"),
        millis(node, "durationMs"),
        node.path("forceFinished").asBoolean(),
        rawParts);
  }

  private static TableState state(String text) {
    try {
      return TableState.valueOf(text.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown state '" + text + "'");
    }
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.isTextual()) {
      throw new IllegalArgumentException("no text field " + field);
    }
    return value.asText();
  }

  private static String optionalText(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asText();
  }

  private static long number(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || !value.canConvertToLong()) {
      throw new IllegalArgumentException("no number field " + field);
    }
    return value.asLong();
  }

  private static int integer(JsonNode node, String field) {
    long number = number(node, field);
    if (number < Integer.MIN_VALUE || number > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("field " + field + " is out of range: " + number);
    }
    return (int) number;
  }

  private static Duration millis(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : Duration.ofMillis(number(node, field));
  }

  private static Instant instant(JsonNode node, String field) {
    JsonNode value = node.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    try {
      return Instant.parse(value.asText());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "field " + field + " is not an ISO-8601 instant: " + value);
    }
  }

  private static <T> T required(T value, String field) {
    if (value == null) {
      throw new IllegalArgumentException("no field " + field);
    }
    return value;
  }
}
