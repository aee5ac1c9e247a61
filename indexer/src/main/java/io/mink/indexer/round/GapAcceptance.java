package io.mink.indexer.round;

import io.mink.lake.AcceptedStart;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.tables.TableDescriptor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * An operator's decision to continue past offsets Kafka deleted before they were indexed: one Mink
 * snapshot, with no files, that moves each gapped partition to its log start and records the gaps
 * in {@code mink-gaps}. A compare-and-set commit like a round's, so it cannot race a round.
 */
public final class GapAcceptance {
  private GapAcceptance() {}

  /** Accepts the table's current gaps and returns them; an empty list, and no commit, when there are none. */
  public static List<OffsetGap> accept(
      TableDescriptor descriptor, Table table, Consumer<?, ?> consumer, LakeCommitter committer) {
    LakeOffsets recorded = recorded(table);
    List<OffsetGap> gaps = gaps(descriptor, recorded, consumer);
    if (gaps.isEmpty()) {
      return List.of();
    }
    Map<Integer, Long> past = new HashMap<>();
    for (OffsetGap gap : gaps) {
      past.put(gap.partition(), gap.to());
    }
    String roundId = "accept-gap-" + UUID.randomUUID();
    committer.commit(
        table,
        new RoundCommit(
            roundId,
            recorded,
            recorded.advancedTo(past),
            List.of(),
            Map.of(AcceptedGaps.PROPERTY, AcceptedGaps.encode(gaps))));
    return gaps;
  }

  /** The table's current gaps: offsets past its recorded ones that Kafka deleted; empty when there are none. */
  public static List<OffsetGap> gaps(
      TableDescriptor descriptor, Table table, Consumer<?, ?> consumer) {
    return gaps(descriptor, recorded(table), consumer);
  }

  private static List<OffsetGap> gaps(
      TableDescriptor descriptor, LakeOffsets recorded, Consumer<?, ?> consumer) {
    return RoundPlanner.plan(
            recorded,
            AcceptedStart.fromOptions(descriptor.options()),
            TopicBounds.read(consumer, descriptor.topic(), descriptor.qualifiedName()))
        .gaps();
  }

  private static LakeOffsets recorded(Table table) {
    table.refresh();
    return MinkSnapshot.newest(table).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
  }
}
