package io.mink.lake.history;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Per Kafka partition, sorted disjoint offset ranges, each {@code [from, to)}, that touch none of the others: two
 * ranges that meet or overlap are one. Stored as JSON such as {@code {"0":[[0,1200],[1300,5000]]}}. Immutable.
 */
public record OffsetRanges(SortedMap<Integer, List<Range>> ranges) {
  private static final ObjectMapper JSON = new ObjectMapper();
  public static final OffsetRanges NONE = new OffsetRanges(new TreeMap<>());

  /** The offsets {@code from} (inclusive) to {@code to} (exclusive). */
  public record Range(long from, long to) {
    public Range {
      if (from < 0 || to <= from) {
        throw new IllegalArgumentException("Invalid offset range [" + from + ", " + to + ")");
      }
    }

    public long size() {
      return to - from;
    }
  }

  public OffsetRanges {
    requireNonNull(ranges, "ranges is null");
    TreeMap<Integer, List<Range>> merged = new TreeMap<>();
    ranges.forEach((partition, list) -> {
      List<Range> normal = normalize(list);
      if (!normal.isEmpty()) {
        merged.put(partition, normal);
      }
    });
    ranges = Collections.unmodifiableSortedMap(merged);
  }

  /** The ranges of one partition, sorted; empty when it has none. */
  public List<Range> of(int partition) {
    return ranges.getOrDefault(partition, List.of());
  }

  public boolean isEmpty() {
    return ranges.isEmpty();
  }

  /** These ranges with {@code [from, to)} of the partition added. */
  public OffsetRanges with(int partition, long from, long to) {
    if (to <= from) {
      return this;
    }
    TreeMap<Integer, List<Range>> all = new TreeMap<>(ranges);
    List<Range> list = new ArrayList<>(of(partition));
    list.add(new Range(from, to));
    all.put(partition, list);
    return new OffsetRanges(all);
  }

  /** Every offset of these ranges and of {@code other}. */
  public OffsetRanges union(OffsetRanges other) {
    TreeMap<Integer, List<Range>> all = new TreeMap<>(ranges);
    other.ranges.forEach((partition, list) -> {
      List<Range> both = new ArrayList<>(all.getOrDefault(partition, List.of()));
      both.addAll(list);
      all.put(partition, both);
    });
    return new OffsetRanges(all);
  }

  /** How many offsets the partition's ranges hold. */
  public long count(int partition) {
    return of(partition).stream().mapToLong(Range::size).sum();
  }

  public String encode() {
    ObjectNode node = JSON.createObjectNode();
    ranges.forEach((partition, list) -> {
      ArrayNode array = node.putArray(Integer.toString(partition));
      list.forEach(range -> array.addArray().add(range.from()).add(range.to()));
    });
    return node.toString();
  }

  /** The ranges {@link #encode()} wrote; {@link #NONE} for null. */
  public static OffsetRanges decode(String encoded, String what) {
    if (encoded == null) {
      return NONE;
    }
    try {
      JsonNode node = JSON.readTree(encoded);
      if (node == null || !node.isObject()) {
        throw new IllegalArgumentException("expected a JSON object");
      }
      TreeMap<Integer, List<Range>> ranges = new TreeMap<>();
      for (Map.Entry<String, JsonNode> entry : node.properties()) {
        List<Range> list = new ArrayList<>();
        for (JsonNode pair : entry.getValue()) {
          if (pair.size() != 2
              || !pair.get(0).canConvertToLong()
              || !pair.get(1).canConvertToLong()) {
            throw new IllegalArgumentException("a range is a pair of offsets, not " + pair);
          }
          list.add(new Range(pair.get(0).asLong(), pair.get(1).asLong()));
        }
        ranges.put(Integer.parseInt(entry.getKey()), list);
      }
      return new OffsetRanges(ranges);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Unreadable " + what + " '" + encoded + "': " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return encode();
  }

  private static List<Range> normalize(List<Range> list) {
    List<Range> sorted = new ArrayList<>(list);
    sorted.sort((a, b) -> Long.compare(a.from(), b.from()));
    List<Range> merged = new ArrayList<>();
    for (Range range : sorted) {
      Range last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && range.from() <= last.to()) {
        merged.set(merged.size() - 1, new Range(last.from(), Math.max(last.to(), range.to())));
      } else {
        merged.add(range);
      }
    }
    return List.copyOf(merged);
  }
}
