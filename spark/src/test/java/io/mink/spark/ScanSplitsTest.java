package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScanSplitsTest {
  private static final ReadPoint POINT = ReadPoint.parse("v1:s=7:0=10-15,1=4-4,2=0-2");

  @Test
  void anAppendTablesTailIsSplitIntoOffsetRangesReadFromKafkaAlone() {
    List<String> splits =
        strings(ScanSplits.of(POINT, ReadMode.log, false, 2, 100, partition -> List.of()));

    assertThat(splits)
        .containsExactly(
            "log v1:s=7:0=10-12", "log v1:s=7:0=12-14", "log v1:s=7:0=14-15", "log v1:s=7:2=0-2");
  }

  @Test
  void aUnionReadOfAPartitionWithoutLakeFilesIsItsTailAlone() {
    assertThat(strings(ScanSplits.of(POINT, ReadMode.union, false, 3, 100, partition -> List.of())))
        .containsExactly("log v1:s=7:0=10-13", "log v1:s=7:0=13-15", "log v1:s=7:2=0-2");
    assertThat(ScanSplits.of(POINT, ReadMode.lake, false, 3, 100, partition -> List.of()))
        .isEmpty();
  }

  @Test
  void anUpsertTableReadsEachPartitionWholeInTheScansMode() {
    assertThat(strings(ScanSplits.of(POINT, ReadMode.union, true, 2, 100, partition -> List.of())))
        .containsExactly("union v1:s=7:0=10-15", "union v1:s=7:1=4-4", "union v1:s=7:2=0-2");
    assertThat(ScanSplits.of(POINT, ReadMode.union, true, 2, 100, partition -> List.of()))
        .allSatisfy(split -> assertThat(split.files()).isNull());
  }

  @Test
  void lakeFilesAreGroupedInOrderUntilAGroupHoldsTheSplitsBytes() {
    assertThat(ScanSplits.groups(List.of(60L, 50L, 10L, 200L, 5L), Long::longValue, 100))
        .containsExactly(List.of(60L, 50L), List.of(10L, 200L), List.of(5L));
    assertThat(ScanSplits.groups(List.<Long>of(), Long::longValue, 100)).isEmpty();
  }

  private static List<String> strings(List<ScanSplits.Split> splits) {
    return splits.stream()
        .map(split -> split.mode() + " " + split.point().token())
        .toList();
  }
}
