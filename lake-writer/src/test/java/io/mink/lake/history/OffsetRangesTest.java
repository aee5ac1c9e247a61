package io.mink.lake.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.history.OffsetRanges.Range;
import java.util.List;
import org.junit.jupiter.api.Test;

class OffsetRangesTest {
  @Test
  void rangesThatMeetOrOverlapAreOne() {
    OffsetRanges ranges =
        OffsetRanges.NONE.with(0, 10, 20).with(0, 0, 10).with(0, 15, 25).with(0, 30, 31);

    assertThat(ranges.of(0)).containsExactly(new Range(0, 25), new Range(30, 31));
    assertThat(ranges.count(0)).isEqualTo(26);
    assertThat(ranges.of(1)).isEmpty();
  }

  @Test
  void encodesAndDecodesByPartition() {
    OffsetRanges ranges = OffsetRanges.NONE.with(1, 5, 9).with(0, 0, 3).with(1, 12, 13);

    assertThat(ranges.encode()).isEqualTo("{\"0\":[[0,3]],\"1\":[[5,9],[12,13]]}");
    assertThat(OffsetRanges.decode(ranges.encode(), "x")).isEqualTo(ranges);
    assertThat(OffsetRanges.decode(null, "x")).isEqualTo(OffsetRanges.NONE);
  }

  @Test
  void unionMergesAcrossBoth() {
    OffsetRanges a = OffsetRanges.NONE.with(0, 0, 5);
    OffsetRanges b = OffsetRanges.NONE.with(0, 5, 8).with(2, 1, 2);

    assertThat(a.union(b).ranges())
        .containsOnlyKeys(0, 2)
        .containsEntry(0, List.of(new Range(0, 8)));
  }

  @Test
  void anUnreadableRecordSaysWhatItIs() {
    assertThatThrownBy(() -> OffsetRanges.decode("{\"0\":[[3]]}", "mink-expired"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Unreadable mink-expired '{\"0\":[[3]]}': a range is a pair of offsets, not [3]");
    assertThatThrownBy(() -> new Range(5, 5)).hasMessage("Invalid offset range [5, 5)");
  }
}
