package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.OffsetGap;
import io.mink.indexer.round.PartitionBounds;
import io.mink.lake.LakeOffsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReadPlannerTest {
  private static final Map<Integer, PartitionBounds> BOUNDS = Map.of(
      0, new PartitionBounds(0, 100),
      1, new PartitionBounds(50, 80),
      2, new PartitionBounds(0, 0));

  @Test
  void unionReadsFromTheSeamToTheEndAndTheWholeLogWhereTheLakeHasNoOffset() {
    List<PartitionRead> plan =
        plan(ReadMode.union, LakeOffsets.of(Map.of(0, 60L, 1, 70L)), Set.of(), Optional.empty());

    assertThat(plan)
        .containsExactly(
            new PartitionRead(0, OptionalLong.of(60), new TailRange(0, 60, 100), Optional.empty()),
            new PartitionRead(1, OptionalLong.of(70), new TailRange(1, 70, 80), Optional.empty()),
            new PartitionRead(2, OptionalLong.empty(), new TailRange(2, 0, 0), Optional.empty()));
  }

  @Test
  void aSeamBelowLogStartIsAGapAndTheTailStartsAtLogStart() {
    List<PartitionRead> plan =
        plan(ReadMode.union, LakeOffsets.of(Map.of(1, 20L)), Set.of(1), Optional.empty());

    assertThat(plan)
        .containsExactly(new PartitionRead(
            1,
            OptionalLong.of(20),
            new TailRange(1, 50, 80),
            Optional.of(new OffsetGap(1, 20, 50))));
  }

  @Test
  void lakeReadsNoTailAndLogIgnoresTheSeams() {
    LakeOffsets seams = LakeOffsets.of(Map.of(0, 60L));

    assertThat(plan(ReadMode.lake, seams, Set.of(), Optional.empty()))
        .extracting(PartitionRead::tail)
        .containsExactly(new TailRange(0, 60, 60));
    assertThat(plan(ReadMode.log, seams, Set.of(0), Optional.empty()))
        .containsExactly(
            new PartitionRead(0, OptionalLong.empty(), new TailRange(0, 0, 100), Optional.empty()));
  }

  @Test
  void aReadPointReadsItsOwnOffsetsAndNamesARangeKafkaNoLongerHolds() {
    ReadPoint point = ReadPoint.parse("v1:s=7:0=60-90,1=40-60");
    LakeOffsets seams = LakeOffsets.of(Map.of(0, 60L, 1, 40L));

    assertThat(plan(ReadMode.union, seams, Set.of(0), Optional.of(point)))
        .containsExactly(
            new PartitionRead(0, OptionalLong.of(60), new TailRange(0, 60, 90), Optional.empty()));
    assertThatThrownBy(() -> plan(ReadMode.union, seams, Set.of(), Optional.of(point)))
        .hasMessage(
            "Cannot read partition 1 of topic orders at this point again: offsets [40, 50) are no longer "
                + "in Kafka (retention removed them); read without --at for the table as it is now");
  }

  @Test
  void aSeamPastThePartitionsEndIsRefusedAsATopicRecreatedOrTruncated() {
    LakeOffsets seams = LakeOffsets.of(Map.of(0, 60L, 1, 90L));

    assertThatThrownBy(() -> plan(ReadMode.union, seams, Set.of(), Optional.empty()))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "Cannot read partition 1 of topic orders after the lake: the lake holds its records up to offset 90, "
                + "but the partition ends at offset 80 in Kafka, so the topic was deleted and created again or "
                + "truncated after the table's last round. Read what the lake holds with --mode lake; a topic "
                + "created again is another topic: remove the table and add it again to index it");
    assertThat(plan(ReadMode.union, seams, Set.of(0), Optional.empty()))
        .extracting(PartitionRead::tail)
        .containsExactly(new TailRange(0, 60, 100));
    assertThat(plan(ReadMode.lake, seams, Set.of(), Optional.empty()))
        .extracting(PartitionRead::tail)
        .containsExactly(new TailRange(0, 60, 60), new TailRange(1, 90, 90));
  }

  @Test
  void aSeamOfAPartitionKafkaNoLongerHasIsRefused() {
    LakeOffsets seams = LakeOffsets.of(Map.of(0, 60L, 3, 5L));

    assertThatThrownBy(() -> plan(ReadMode.union, seams, Set.of(), Optional.empty()))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "Cannot read partition 3 of topic orders after the lake: the lake holds its records up to offset 5, "
                + "but Kafka has no partition 3, so the topic was deleted and created again after the table's "
                + "last round. Read what the lake holds with --mode lake; a topic created again is another topic: "
                + "remove the table and add it again to index it");
  }

  @Test
  void partitionsTheTopicDoesNotHaveAreRefused() {
    assertThatThrownBy(
            () -> plan(ReadMode.union, LakeOffsets.NONE, Set.of(0, 3, 4), Optional.empty()))
        .hasMessage(
            "--partitions names partitions [3, 4] that topic orders does not have; it has partitions 0 to 2");
  }

  @Test
  void tokensRoundTripAndBadOnesSayWhatIsWrong() {
    ReadPoint point =
        ReadPoint.of(OptionalLong.of(42), List.of(new TailRange(1, 5, 9), new TailRange(0, 0, 3)));

    assertThat(point.token()).isEqualTo("v1:s=42:0=0-3,1=5-9");
    assertThat(ReadPoint.parse(point.token())).isEqualTo(point);
    assertThat(ReadPoint.parse("v1:s=none:").tails()).isEmpty();
    assertThatThrownBy(() -> ReadPoint.parse("v1:s=42:0=9-3"))
        .hasMessage(
            "Invalid read point \"v1:s=42:0=9-3\": Invalid tail of partition 0: [9, 3). Give the token a "
                + "read printed on stderr after \"Read point:\"");
    assertThatThrownBy(() -> ReadPoint.parse("v2:x"))
        .hasMessage(
            "Invalid read point \"v2:x\": it is not of the form v1:s=SNAPSHOT:P=FROM-TO,P=FROM-TO. "
                + "Give the token a read printed on stderr after \"Read point:\"");
  }

  private static List<PartitionRead> plan(
      ReadMode mode, LakeOffsets seams, Set<Integer> requested, Optional<ReadPoint> at) {
    return ReadPlanner.plan(
        mode, seams, mode == ReadMode.lake ? Map.of() : BOUNDS, Set.of(), requested, at, "orders");
  }
}
