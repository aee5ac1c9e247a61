package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WriterBudgetTest {
  private static final long MIB = 1L << 20;

  @Test
  void eachOpenFileGetsItsShareOfTheMemoryAsItsRowGroupAndEachWorkerItsShareOfTheFiles() {
    WriterBudget budget = new WriterBudget(256 * MIB, 64, 2);

    assertThat(budget.rowGroupBytes()).isEqualTo(4 * MIB);
    assertThat(budget.openFilesPerRound()).isEqualTo(32);
    assertThat(budget.parquetProperties(Map.of()))
        .containsExactlyInAnyOrderEntriesOf(Map.of(
            "write.parquet.row-group-size-bytes", Long.toString(4 * MIB),
            "write.parquet.page-size-bytes", Long.toString(MIB / 2),
            "write.parquet.dict-size-bytes", Long.toString(MIB)));
  }

  @Test
  void aTablesSmallerRowGroupIsKeptAndNoRowGroupExceedsTheParquetDefault() {
    assertThat(new WriterBudget(256 * MIB, 64, 2)
            .parquetProperties(
                Map.of("write.parquet.row-group-size-bytes", Long.toString(2 * MIB))))
        .containsEntry("write.parquet.row-group-size-bytes", Long.toString(2 * MIB));
    assertThat(new WriterBudget(64L * 1024 * MIB, 64, 2).rowGroupBytes()).isEqualTo(128 * MIB);
  }

  @Test
  void budgetsThatCannotHoldOneFilePerWorkerOrOneMebibytePerFileAreRefused() {
    assertThatThrownBy(() -> new WriterBudget(256 * MIB, 2, 4))
        .hasMessage(
            "max_open_files (2) must be at least the number of workers (4): every running round needs "
                + "one open file");
    assertThatThrownBy(() -> new WriterBudget(32 * MIB, 64, 2))
        .hasMessageStartingWith("writer_memory (33554432 bytes) must allow 1 MiB per open file");
  }
}
