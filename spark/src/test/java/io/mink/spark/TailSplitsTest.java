package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import java.util.List;
import org.junit.jupiter.api.Test;

class TailSplitsTest {
  private static final ReadPoint POINT = ReadPoint.parse("v1:s=7:0=10-15,1=4-4,2=0-2");

  @Test
  void anAppendTablesTailIsSplitAfterItsFirstRangeWhichIsReadWithTheLake() {
    List<String> splits = strings(TailSplits.of(POINT, ReadMode.union, false, 2));

    assertThat(splits)
        .containsExactly(
            "union v1:s=7:0=10-12",
            "log v1:s=7:0=12-14",
            "log v1:s=7:0=14-15",
            "union v1:s=7:1=4-4",
            "union v1:s=7:2=0-2");
  }

  @Test
  void anUpsertTableReadsEachPartitionWhole() {
    assertThat(strings(TailSplits.of(POINT, ReadMode.union, true, 2)))
        .containsExactly("union v1:s=7:0=10-15", "union v1:s=7:1=4-4", "union v1:s=7:2=0-2");
  }

  @Test
  void aLakeReadIsOneSplitPerPartitionAndALogReadSplitsLikeTheTail() {
    assertThat(strings(TailSplits.of(POINT, ReadMode.lake, false, 2)))
        .containsExactly("lake v1:s=7:0=10-15", "lake v1:s=7:1=4-4", "lake v1:s=7:2=0-2");
    assertThat(strings(TailSplits.of(POINT, ReadMode.log, false, 3)))
        .containsExactly(
            "log v1:s=7:0=10-13", "log v1:s=7:0=13-15", "log v1:s=7:1=4-4", "log v1:s=7:2=0-2");
  }

  private static List<String> strings(List<TailSplits.Split> splits) {
    return splits.stream()
        .map(split -> split.mode() + " " + split.point().token())
        .toList();
  }
}
