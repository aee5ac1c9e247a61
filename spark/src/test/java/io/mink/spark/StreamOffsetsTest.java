package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.PartitionBounds;
import io.mink.query.read.TailRange;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StreamOffsetsTest {
  @Test
  void aMicroBatchEndsAtEachPartitionsLastStableOffset() {
    var end = StreamOffsets.end(
        Map.of(0, 5L, 1, 7L),
        Map.of(0, new PartitionBounds(0, 9), 1, new PartitionBounds(2, 7)),
        OptionalLong.empty(),
        "orders");

    assertThat(end).containsExactly(Map.entry(0, 9L), Map.entry(1, 7L));
  }

  @Test
  void anAddedPartitionEntersAtItsLogStartAndIsReadByTheNextMicroBatch() {
    var end = StreamOffsets.end(
        Map.of(0, 5L),
        Map.of(0, new PartitionBounds(0, 5), 1, new PartitionBounds(3, 8)),
        OptionalLong.empty(),
        "orders");
    var later = StreamOffsets.end(
        end,
        Map.of(0, new PartitionBounds(0, 5), 1, new PartitionBounds(3, 9)),
        OptionalLong.empty(),
        "orders");

    assertThat(end).containsExactly(Map.entry(0, 5L), Map.entry(1, 3L));
    assertThat(StreamOffsets.ranges(Map.of(0, 5L), new TreeMap<>(end))).isEmpty();
    assertThat(StreamOffsets.ranges(end, new TreeMap<>(later)))
        .containsExactly(new TailRange(1, 3, 9));
  }

  @Test
  void aLimitIsSharedByHowManyOffsetsEachPartitionHasWaiting() {
    var end = StreamOffsets.end(
        Map.of(0, 0L, 1, 0L, 2, 10L),
        Map.of(
            0, new PartitionBounds(0, 300),
            1, new PartitionBounds(0, 100),
            2, new PartitionBounds(0, 10)),
        OptionalLong.of(100),
        "orders");

    assertThat(end).containsExactly(Map.entry(0, 75L), Map.entry(1, 25L), Map.entry(2, 10L));
  }

  @Test
  void aPartitionWithFewOffsetsWaitingStillMovesUnderALimit() {
    var end = StreamOffsets.end(
        Map.of(0, 0L, 1, 0L),
        Map.of(0, new PartitionBounds(0, 1000), 1, new PartitionBounds(0, 1)),
        OptionalLong.of(10),
        "orders");

    assertThat(end.get(1)).isEqualTo(1L);
    assertThat(end.get(0)).isEqualTo(9L);
  }

  @Test
  void aPartitionThatEndsBeforeTheStreamsOffsetStopsTheStream() {
    assertThatThrownBy(() -> StreamOffsets.end(
            Map.of(0, 50L), Map.of(0, new PartitionBounds(0, 10)), OptionalLong.empty(), "orders"))
        .isInstanceOf(MinkException.class)
        .hasMessage("Cannot continue the stream of topic orders: it has read partition 0 up to "
            + "offset 50, but the partition now ends at offset 10 (the topic was deleted and created "
            + "again, or truncated). Start the query again with a new checkpoint location");
  }
}
