package io.mink.spark;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mink.indexer.errors.MinkException;
import io.mink.query.read.ReadPoint;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.spark.sql.connector.read.streaming.Offset;

/**
 * Where a Mink stream is, as Spark's checkpoint records it: the read point the stream started at (its token names
 * the starting snapshot and the offsets its first micro-batch read) and, once that first micro-batch is planned, per
 * Kafka partition the next offset to read. As JSON: {@code {"start":"v1:s=…:0=0-120","offsets":{"0":135}}}, without
 * {@code offsets} before the first micro-batch.
 */
final class MinkStreamOffset extends Offset {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String START = "start";
  private static final String OFFSETS = "offsets";

  private final ReadPoint start;
  private final Optional<SortedMap<Integer, Long>> next;

  MinkStreamOffset(ReadPoint start, Optional<? extends Map<Integer, Long>> next) {
    this.start = requireNonNull(start, "start is null");
    this.next = requireNonNull(next, "next is null")
        .map(offsets -> Collections.unmodifiableSortedMap(new TreeMap<>(offsets)));
  }

  /** Before the first micro-batch: it reads the point. */
  static MinkStreamOffset before(ReadPoint start) {
    return new MinkStreamOffset(start, Optional.empty());
  }

  ReadPoint start() {
    return start;
  }

  /** Per partition the next offset to read; empty before the first micro-batch. */
  Optional<SortedMap<Integer, Long>> next() {
    return next;
  }

  MinkStreamOffset withNext(Map<Integer, Long> offsets) {
    return new MinkStreamOffset(start, Optional.of(offsets));
  }

  @Override
  public String json() {
    ObjectNode node = JSON.createObjectNode();
    node.put(START, start.token());
    next.ifPresent(offsets -> {
      ObjectNode byPartition = node.putObject(OFFSETS);
      offsets.forEach((partition, offset) -> byPartition.put(Integer.toString(partition), offset));
    });
    return node.toString();
  }

  /**
   * The offset of its JSON.
   *
   * @throws MinkException when the JSON is not a Mink stream's offset
   */
  static MinkStreamOffset parse(String json) {
    try {
      JsonNode node = JSON.readTree(json);
      if (node == null || !node.path(START).isTextual()) {
        throw invalid(json, "it has no \"" + START + "\" token");
      }
      ReadPoint start = ReadPoint.parse(node.get(START).asText());
      if (!node.has(OFFSETS)) {
        return before(start);
      }
      SortedMap<Integer, Long> offsets = new TreeMap<>();
      for (Map.Entry<String, JsonNode> field : node.get(OFFSETS).properties()) {
        if (!field.getValue().canConvertToLong()) {
          throw invalid(json, "the offset of partition " + field.getKey() + " is not a number");
        }
        offsets.put(Integer.parseInt(field.getKey()), field.getValue().asLong());
      }
      return new MinkStreamOffset(start, Optional.of(offsets));
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw invalid(json, e.getMessage());
    }
  }

  private static MinkException invalid(String json, String reason) {
    return MinkException.user(
        "The Spark checkpoint holds " + json
            + ", which is not a Mink stream's offset (" + reason
            + "): was the checkpoint written by another source? Start the query with a new checkpoint location");
  }
}
