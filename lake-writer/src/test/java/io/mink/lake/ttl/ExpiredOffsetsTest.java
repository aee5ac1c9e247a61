package io.mink.lake.ttl;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.history.OffsetRanges;
import io.mink.lake.history.OffsetRanges.Range;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpiredOffsetsTest {
  @Test
  void removedRangesMergeAcrossHolesNoKeptRowLiesIn() {
    // rows 0-9 and 11-20 expired, 10 a transaction marker: one range
    OffsetRanges removed = OffsetRanges.NONE.with(0, 0, 10).with(0, 11, 21);

    OffsetRanges record = ExpiredOffsets.merge(OffsetRanges.NONE, removed, Map.of());

    assertThat(record.of(0)).containsExactly(new Range(0, 21));
  }

  @Test
  void aKeptRowSplitsTheRangeUntilItExpiresInTurn() {
    OffsetRanges removed = OffsetRanges.NONE.with(0, 0, 10).with(0, 12, 20);
    Map<Integer, List<Range>> kept = Map.of(0, List.of(new Range(11, 12), new Range(30, 40)));

    OffsetRanges first = ExpiredOffsets.merge(OffsetRanges.NONE, removed, kept);

    assertThat(first.of(0)).containsExactly(new Range(0, 10), new Range(12, 20));

    OffsetRanges second = ExpiredOffsets.merge(
        first, OffsetRanges.NONE.with(0, 11, 12), Map.of(0, List.of(new Range(30, 40))));

    assertThat(second.of(0)).containsExactly(new Range(0, 20));
  }

  @Test
  void keptRowsOfOtherPartitionsDoNotSplit() {
    OffsetRanges removed =
        OffsetRanges.NONE.with(0, 0, 5).with(0, 8, 9).with(1, 0, 2).with(1, 4, 6);
    Map<Integer, List<Range>> kept = Map.of(1, List.of(new Range(0, 100)));

    OffsetRanges record = ExpiredOffsets.merge(OffsetRanges.NONE, removed, kept);

    assertThat(record.of(0)).containsExactly(new Range(0, 9));
    assertThat(record.of(1)).containsExactly(new Range(0, 2), new Range(4, 6));
  }
}
