package io.mink.lake;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Per Kafka partition, the next offset to read: the exclusive end of what the lake holds.
 * Stored in the snapshot summary as {@code mink-offsets}, a JSON object such as {"0":1200,"1":1180}.
 */
public record LakeOffsets(SortedMap<Integer, Long> nextOffsets) {
  private static final ObjectMapper JSON = new ObjectMapper();
  public static final LakeOffsets NONE = new LakeOffsets(new TreeMap<>());

  public LakeOffsets {
    requireNonNull(nextOffsets, "nextOffsets is null");
    nextOffsets.forEach((partition, offset) -> {
      if (partition < 0 || offset < 0) {
        throw new IllegalArgumentException(
            "Invalid lake offset " + offset + " for partition " + partition);
      }
    });
    nextOffsets = Collections.unmodifiableSortedMap(new TreeMap<>(nextOffsets));
  }

  public static LakeOffsets of(Map<Integer, Long> nextOffsets) {
    return new LakeOffsets(new TreeMap<>(nextOffsets));
  }

  public OptionalLong nextOffset(int partition) {
    Long offset = nextOffsets.get(partition);
    return offset == null ? OptionalLong.empty() : OptionalLong.of(offset);
  }

  /** These offsets with the given partitions moved to their new next offsets. */
  public LakeOffsets advancedTo(Map<Integer, Long> newNextOffsets) {
    TreeMap<Integer, Long> merged = new TreeMap<>(nextOffsets);
    newNextOffsets.forEach((partition, offset) -> {
      Long previous = merged.get(partition);
      if (previous != null && offset < previous) {
        throw new IllegalArgumentException("Offsets never move back: partition " + partition
            + " is at " + previous + ", not " + offset);
      }
      merged.put(partition, offset);
    });
    return new LakeOffsets(merged);
  }

  public String encode() {
    ObjectNode node = JSON.createObjectNode();
    nextOffsets.forEach((partition, offset) -> node.put(Integer.toString(partition), offset));
    return node.toString();
  }

  public static LakeOffsets decode(String encoded) {
    try {
      JsonNode node = JSON.readTree(encoded);
      if (node == null || !node.isObject()) {
        throw new IllegalArgumentException(
            "Invalid mink-offsets '" + encoded + "': expected a JSON object");
      }
      TreeMap<Integer, Long> offsets = new TreeMap<>();
      for (Map.Entry<String, JsonNode> entry : node.properties()) {
        if (!entry.getValue().canConvertToLong()) {
          throw new IllegalArgumentException(
              "Invalid mink-offsets '" + encoded + "': offsets must be integers");
        }
        offsets.put(Integer.parseInt(entry.getKey()), entry.getValue().asLong());
      }
      return new LakeOffsets(offsets);
    } catch (JsonProcessingException | NumberFormatException e) {
      throw new IllegalArgumentException(
          "Invalid mink-offsets '" + encoded + "': " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return encode();
  }
}
