package io.mink.lake.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class HistoryCarryTest {
  @Test
  void theHistoryIsCarriedIntoPropertiesThatTheNextReadingMerges() {
    TableHistory history = new TableHistory(
        LakeOffsets.of(Map.of(0, 100L)),
        TableHistory.decodeGaps(
            "[{\"partition\":0,\"from\":10,\"to\":20},{\"partition\":0,\"from\":20,\"to\":25}]"),
        OffsetRanges.NONE.with(0, 0, 5),
        Optional.of(LakeOffsets.of(Map.of(0, 3L))),
        LakeOffsets.of(Map.of(0, 0L)),
        new TreeMap<>(Map.of("value.undecodable-bytes", 4L)),
        17);

    Map<String, String> properties = HistoryCarry.properties(history);

    assertThat(properties)
        .containsEntry(TableHistory.ACCEPTED_GAPS_PROPERTY, "{\"0\":[[10,25]]}")
        .containsEntry(TableHistory.EXPIRED_PROPERTY, "{\"0\":[[0,5]]}")
        .containsEntry(TableHistory.ATTACH_OFFSETS_PROPERTY, "{\"0\":3}")
        .containsEntry(TableHistory.FIRST_OFFSETS_PROPERTY, "{\"0\":0}")
        .containsEntry(
            TableHistory.RAW_COUNTS_PROPERTY,
            "{\"through\":17,\"counts\":{\"value.undecodable-bytes\":4}}");
    assertThat(TableHistory.RawCarry.decode(properties.get(TableHistory.RAW_COUNTS_PROPERTY)))
        .isEqualTo(
            new TableHistory.RawCarry(17, new TreeMap<>(Map.of("value.undecodable-bytes", 4L))));
  }

  @Test
  void anEmptyHistoryCarriesNothing() {
    TableHistory history = new TableHistory(
        LakeOffsets.NONE,
        OffsetRanges.NONE,
        OffsetRanges.NONE,
        Optional.empty(),
        LakeOffsets.NONE,
        new TreeMap<>(),
        -1);

    assertThat(HistoryCarry.properties(history)).isEmpty();
  }
}
