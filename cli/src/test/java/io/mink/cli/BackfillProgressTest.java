package io.mink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.stats.PartitionMeasure;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackfillProgressTest {
  private static final Instant START = Instant.parse("2026-01-01T12:00:00Z");

  @Test
  void eachPartitionGoesFromTheLakeOffsetOrLogStartTowardsTheEndOffsetOfTheStart() {
    BackfillProgress progress = BackfillProgress.start(
        List.of(
            new PartitionMeasure(0, null, 100, 1100, null),
            new PartitionMeasure(1, 400L, 0, 400, null),
            new PartitionMeasure(2, 0L, 0, 2000, null)),
        START);

    BackfillProgress.Report report = progress.at(
        List.of(
            new PartitionMeasure(0, 600L, 100, 1500, null),
            new PartitionMeasure(1, 450L, 0, 450, null),
            new PartitionMeasure(2, 2000L, 0, 2500, null),
            new PartitionMeasure(3, 10L, 0, 10, null)),
        START.plusSeconds(10));

    assertThat(report.partitions())
        .containsExactly(
            new BackfillProgress.Step(0, 100, 600, 1100, 50),
            new BackfillProgress.Step(1, 400, 400, 400, 0),
            new BackfillProgress.Step(2, 0, 2000, 2000, 200));
    assertThat(report.partitions().get(0).fraction()).isEqualTo(0.5);
    assertThat(report.partitions().get(1).complete()).isTrue();
    assertThat(report.complete()).isFalse();
    assertThat(report.total().done()).isEqualTo(2500);
    assertThat(report.total().total()).isEqualTo(3000);
    assertThat(report.total().rowsPerSecond()).isEqualTo(250);
  }

  @Test
  void completeOnceEveryPartitionReachedItsTargetEvenAsMoreRecordsArrive() {
    BackfillProgress progress =
        BackfillProgress.start(List.of(new PartitionMeasure(0, 0L, 0, 10, null)), START);

    assertThat(progress
            .at(List.of(new PartitionMeasure(0, 10L, 0, 50, null)), START.plusSeconds(1))
            .complete())
        .isTrue();
  }

  @Test
  void aPartitionNotMeasuredCountsAsNotMoved() {
    BackfillProgress progress = BackfillProgress.start(
        List.of(new PartitionMeasure(0, 0L, 0, 10, null), new PartitionMeasure(1, 0L, 0, 10, null)),
        START);

    BackfillProgress.Report report = progress.at(
        List.of(new PartitionMeasure(0, 10L, 0, 10, null)), START.plus(Duration.ofSeconds(1)));

    assertThat(report.complete()).isFalse();
    assertThat(report.partitions().get(1)).isEqualTo(new BackfillProgress.Step(1, 0, 0, 10, 0));
  }

  @Test
  void barsFillByTheShareDoneAndShowAHundredPercentOnlyWhenComplete() {
    BackfillProgress progress = BackfillProgress.start(
        List.of(
            new PartitionMeasure(0, 0L, 0, 1000, null), new PartitionMeasure(1, 0L, 0, 1000, null)),
        START);
    BackfillProgress.Report report = progress.at(
        List.of(
            new PartitionMeasure(0, 999L, 0, 1000, null),
            new PartitionMeasure(1, 1000L, 0, 1000, null)),
        START.plusSeconds(4));

    assertThat(BackfillView.text("kafka.orders", START, report)).isEqualTo("""
        kafka.orders: backfill towards the end offsets of 2026-01-01T12:00:00Z, 4s so far
        PARTITION  PROGRESS                          LAKE  TARGET  ROWS/S
        0          [#######################-]   99%  999   1000    250
        1          [########################]  100%  1000  1000    250
        all        [#######################-]   99%  1999  2000    500
        """);
    assertThat(BackfillView.finished("kafka.orders", report))
        .isEqualTo(
            "kafka.orders reached the end offsets it started towards: 1999 rows in 4s (500 rows/s)\n");
  }

  @Test
  void theFirstBlockHasNoRateYet() {
    BackfillProgress progress =
        BackfillProgress.start(List.of(new PartitionMeasure(0, null, 0, 8, null)), START);

    assertThat(BackfillView.text(
            "kafka.orders",
            START,
            progress.at(List.of(new PartitionMeasure(0, null, 0, 8, null)), START)))
        .isEqualTo("""
        kafka.orders: backfill towards the end offsets of 2026-01-01T12:00:00Z, 0s so far
        PARTITION  PROGRESS                          LAKE  TARGET  ROWS/S
        0          [------------------------]    0%  0     8       -
        """);
  }

  @Test
  void jsonHasOneObjectPerRefresh() {
    BackfillProgress progress =
        BackfillProgress.start(List.of(new PartitionMeasure(0, 0L, 0, 100, null)), START);

    assertThat(BackfillView.json(
                "kafka.orders",
                START,
                progress.at(
                    List.of(new PartitionMeasure(0, 25L, 0, 100, null)), START.plusSeconds(5)))
            .toString())
        .isEqualTo(
            "{\"table\":\"kafka.orders\",\"startedAt\":\"2026-01-01T12:00:00Z\",\"at\":\"2026-01-01T12:00:05Z\","
                + "\"elapsedMs\":5000,\"complete\":false,\"rows\":25,\"rowsLeft\":75,\"rowsPerSecond\":5,"
                + "\"partitions\":[{\"partition\":0,\"fromOffset\":0,\"lakeOffset\":25,\"targetOffset\":100,"
                + "\"fraction\":0.25,\"rowsPerSecond\":5}]}");
  }
}
