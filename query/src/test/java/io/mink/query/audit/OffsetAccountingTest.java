package io.mink.query.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.history.OffsetRanges.Range;
import java.util.List;
import org.junit.jupiter.api.Test;

class OffsetAccountingTest {
  @Test
  void holesInGapsThenInExpiryAreAccountedAndTheRestIsLeftForKafka() {
    List<Range> holes = List.of(new Range(0, 10), new Range(20, 30), new Range(40, 41));
    List<Range> gaps = List.of(new Range(5, 22));
    List<Range> expired = List.of(new Range(0, 3), new Range(25, 26), new Range(100, 200));

    OffsetAccounting accounting = OffsetAccounting.of(holes, gaps, expired);

    assertThat(accounting.inGaps()).isEqualTo(7);
    assertThat(accounting.expired()).isEqualTo(4);
    assertThat(accounting.toCheck())
        .containsExactly(new Range(3, 5), new Range(22, 25), new Range(26, 30), new Range(40, 41));
  }

  @Test
  void aCoverReachingOverSeveralHolesCoversEach() {
    OffsetAccounting accounting = OffsetAccounting.of(
        List.of(new Range(0, 2), new Range(4, 6), new Range(8, 12)),
        List.of(new Range(1, 10)),
        List.of());

    assertThat(accounting.inGaps()).isEqualTo(5);
    assertThat(accounting.toCheck()).containsExactly(new Range(0, 1), new Range(10, 12));
  }

  @Test
  void holesAreTheOffsetsWithoutARowWithinTheRange() {
    PartitionRows rows = new PartitionRows();
    for (long offset : new long[] {7, 5, 9, 20}) {
      rows.add(offset);
    }
    rows.addRun(3, 6);

    PartitionRows.Holes holes = rows.holes(2, 12);

    assertThat(holes.ranges())
        .containsExactly(new Range(2, 3), new Range(6, 7), new Range(8, 9), new Range(10, 12));
    assertThat(holes.distinctRows()).isEqualTo(5);
    assertThat(rows.duplicates()).isEqualTo(1);
    assertThat(rows.first()).isEqualTo(3);
  }
}
