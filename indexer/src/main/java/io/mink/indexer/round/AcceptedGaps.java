package io.mink.indexer.round;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.mink.lake.MinkSnapshot;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code mink-gaps} snapshot property: the offset ranges an operator accepted as lost, as JSON,
 * such as {@code [{"partition":0,"from":120,"to":4000}]}.
 */
public final class AcceptedGaps {
  public static final String PROPERTY = MinkSnapshot.GAPS_PROPERTY;
  private static final ObjectMapper JSON = new ObjectMapper();

  private AcceptedGaps() {}

  public static String encode(List<OffsetGap> gaps) {
    ArrayNode array = JSON.createArrayNode();
    for (OffsetGap gap : gaps) {
      array
          .addObject()
          .put("partition", gap.partition())
          .put("from", gap.from())
          .put("to", gap.to());
    }
    return array.toString();
  }

  public static List<OffsetGap> decode(String text) {
    try {
      List<OffsetGap> gaps = new ArrayList<>();
      for (JsonNode gap : JSON.readTree(text)) {
        gaps.add(new OffsetGap(
            gap.get("partition").asInt(),
            gap.get("from").asLong(),
            gap.get("to").asLong()));
      }
      return gaps;
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "Unreadable " + PROPERTY + " property '" + text + "': " + e.getMessage(), e);
    }
  }
}
