package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.AcceptedStart;
import io.mink.lake.LakeOffsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoundPlannerTest {
  @Test
  void partitionWithoutRecordedOffsetIsReadFromLogStartToEnd() {
    RoundPlan plan = RoundPlanner.plan(LakeOffsets.NONE, Map.of(0, new PartitionBounds(5, 20)));
    assertThat(plan.ranges()).containsExactly(new PartitionRange(0, 5, 20));
    assertThat(plan.gaps()).isEmpty();
  }

  @Test
  void partitionAtOrPastEndIsSkipped() {
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.of(Map.of(0, 20L, 1, 25L)),
        Map.of(0, new PartitionBounds(0, 20), 1, new PartitionBounds(0, 20)));
    assertThat(plan.ranges()).isEmpty();
    assertThat(plan.hasWork()).isFalse();
  }

  @Test
  void recordedOffsetBelowLogStartIsAGapWithItsExactRange() {
    RoundPlan plan =
        RoundPlanner.plan(LakeOffsets.of(Map.of(2, 10L)), Map.of(2, new PartitionBounds(40, 90)));
    assertThat(plan.gaps()).containsExactly(new OffsetGap(2, 10, 40));
    assertThat(plan.ranges()).isEmpty();
    assertThat(plan.gaps().get(0)).hasToString("partition 2 offsets [10, 40)");
  }

  @Test
  void recordedOffsetIsReadToEnd() {
    RoundPlan plan =
        RoundPlanner.plan(LakeOffsets.of(Map.of(0, 12L)), Map.of(0, new PartitionBounds(0, 30)));
    assertThat(plan.ranges()).containsExactly(new PartitionRange(0, 12, 30));
  }

  @Test
  void emptyPartitionWithoutRecordedOffsetHasItsStartRecorded() {
    RoundPlan plan = RoundPlanner.plan(LakeOffsets.NONE, Map.of(0, new PartitionBounds(7, 7)));
    assertThat(plan.ranges()).isEmpty();
    assertThat(plan.emptyUnrecorded()).isEqualTo(Map.of(0, 7L));
    assertThat(plan.hasWork()).isTrue();
  }

  @Test
  void partitionAddedToTopicStartsAtItsLogStart() {
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.of(Map.of(0, 10L)),
        Map.of(0, new PartitionBounds(0, 10), 1, new PartitionBounds(0, 4)));
    assertThat(plan.ranges()).containsExactly(new PartitionRange(1, 0, 4));
  }

  @Test
  void acceptedStartIsWhereAnUnrecordedPartitionBegins() {
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.NONE,
        AcceptedStart.of(Map.of(0, 15L)),
        Map.of(0, new PartitionBounds(5, 20), 1, new PartitionBounds(3, 9)));
    assertThat(plan.ranges())
        .containsExactly(new PartitionRange(0, 15, 20), new PartitionRange(1, 3, 9));
    assertThat(plan.gaps()).isEmpty();
  }

  @Test
  void acceptedStartAtTheEndIsRecordedWithoutReading() {
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.NONE, AcceptedStart.of(Map.of(0, 20L)), Map.of(0, new PartitionBounds(5, 20)));
    assertThat(plan.ranges()).isEmpty();
    assertThat(plan.emptyUnrecorded()).isEqualTo(Map.of(0, 20L));
  }

  @Test
  void acceptedStartThatKafkaDeletedBeforeTheFirstRoundIsAGap() {
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.NONE, AcceptedStart.of(Map.of(0, 10L)), Map.of(0, new PartitionBounds(40, 90)));
    assertThat(plan.gaps()).containsExactly(new OffsetGap(0, 10, 40));
    assertThat(plan.ranges()).isEmpty();
  }

  @Test
  void recordedOffsetsWinOverTheAcceptedStart() {
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.of(Map.of(0, 30L)),
        AcceptedStart.of(Map.of(0, 15L)),
        Map.of(0, new PartitionBounds(5, 40)));
    assertThat(plan.ranges()).containsExactly(new PartitionRange(0, 30, 40));
  }

  @Test
  void emptyPartitionAtItsAcceptedStartNeedsNoCommit() {
    AcceptedStart start = AcceptedStart.of(Map.of(0, 20L, 1, 0L));
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.NONE,
        start,
        Map.of(0, new PartitionBounds(5, 20), 1, new PartitionBounds(0, 0)));
    assertThat(plan.hasWork()).isTrue();
    assertThat(plan.hasWorkBeyond(start)).isFalse();
  }

  @Test
  void emptyPartitionWithoutAnAcceptedStartStillHasItsStartCommitted() {
    RoundPlan plan = RoundPlanner.plan(LakeOffsets.NONE, Map.of(0, new PartitionBounds(7, 7)));
    assertThat(plan.hasWorkBeyond(AcceptedStart.LOG_START)).isTrue();
  }

  @Test
  void partitionAddedAfterTheAcceptedStartWasResolvedHasItsStartCommitted() {
    AcceptedStart start = AcceptedStart.of(Map.of(0, 4L));
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.NONE,
        start,
        Map.of(0, new PartitionBounds(0, 4), 1, new PartitionBounds(0, 0)));
    assertThat(plan.emptyUnrecorded()).isEqualTo(Map.of(0, 4L, 1, 0L));
    assertThat(plan.hasWorkBeyond(start)).isTrue();
  }

  @Test
  void recordsPastTheAcceptedStartAreWork() {
    AcceptedStart start = AcceptedStart.of(Map.of(0, 4L));
    RoundPlan plan =
        RoundPlanner.plan(LakeOffsets.NONE, start, Map.of(0, new PartitionBounds(0, 6)));
    assertThat(plan.hasWorkBeyond(start)).isTrue();
  }

  @Test
  void recordedPartitionsAndEmptyAcceptedOnesNeedNoCommit() {
    AcceptedStart start = AcceptedStart.of(Map.of(0, 3L, 1, 9L));
    RoundPlan plan = RoundPlanner.plan(
        LakeOffsets.of(Map.of(0, 8L)),
        start,
        Map.of(0, new PartitionBounds(0, 8), 1, new PartitionBounds(2, 9)));
    assertThat(plan.hasWorkBeyond(start)).isFalse();
  }

  @Test
  void acceptedStartKafkaDeletedIsStillAGapWithoutACommittedStart() {
    AcceptedStart start = AcceptedStart.of(Map.of(0, 9L));
    RoundPlan first =
        RoundPlanner.plan(LakeOffsets.NONE, start, Map.of(0, new PartitionBounds(9, 9)));
    assertThat(first.hasWorkBeyond(start)).isFalse();
    RoundPlan later =
        RoundPlanner.plan(LakeOffsets.NONE, start, Map.of(0, new PartitionBounds(15, 30)));
    assertThat(later.gaps()).containsExactly(new OffsetGap(0, 9, 15));
  }
}
