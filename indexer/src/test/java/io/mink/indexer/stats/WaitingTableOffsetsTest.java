package io.mink.indexer.stats;

import static io.mink.indexer.stats.StatusFixtures.NOW;
import static io.mink.indexer.stats.StatusFixtures.OWNER;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WaitingTableOffsetsTest {
  private final List<String> loads = new ArrayList<>();
  private LakeOffsets inCatalog = LakeOffsets.of(Map.of(0, 40L));
  private final WaitingTableOffsets waiting = new WaitingTableOffsets(table -> {
    loads.add(table);
    return Optional.of(inCatalog);
  });

  private static TableStatus waitingForFirstRound(String table, long epoch) {
    return waitingForFirstRound(table, epoch, NOW.minusSeconds(100));
  }

  private static TableStatus waitingForFirstRound(String table, long epoch, Instant lastTiered) {
    return new TableStatus(
        table,
        "orders",
        TableState.SCHEDULED,
        OWNER,
        epoch,
        lastTiered,
        NOW,
        List.of(),
        null,
        null,
        List.of(),
        NOW,
        null,
        Duration.ofMinutes(3));
  }

  @Test
  void aWaitingTableIsLoadedOncePerEpoch() {
    assertThat(waiting.offsets(waitingForFirstRound("kafka.orders", 7)))
        .isEqualTo(LakeOffsets.of(Map.of(0, 40L)));
    inCatalog = LakeOffsets.of(Map.of(0, 55L));

    assertThat(waiting.offsets(waitingForFirstRound("kafka.orders", 7)))
        .isEqualTo(LakeOffsets.of(Map.of(0, 40L)));
    assertThat(loads).containsExactly("kafka.orders");

    assertThat(waiting.offsets(waitingForFirstRound("kafka.orders", 8)))
        .isEqualTo(LakeOffsets.of(Map.of(0, 55L)));
    assertThat(loads).containsExactly("kafka.orders", "kafka.orders");
  }

  @Test
  void aTableWithoutAMinkSnapshotHasNoOffsetsAndIsNotLoadedAgain() {
    WaitingTableOffsets none = new WaitingTableOffsets(table -> {
      loads.add(table);
      return Optional.empty();
    });

    assertThat(none.offsets(waitingForFirstRound("kafka.orders", 1))).isEqualTo(LakeOffsets.NONE);
    assertThat(none.offsets(waitingForFirstRound("kafka.orders", 1))).isEqualTo(LakeOffsets.NONE);
    assertThat(loads).hasSize(1);
  }

  @Test
  void aTableTakenWithoutAMinkSnapshotIsNotLoaded() {
    assertThat(waiting.offsets(waitingForFirstRound("kafka.orders", 1, null)))
        .isEqualTo(LakeOffsets.NONE);
    assertThat(loads).isEmpty();
  }

  @Test
  void tablesLetGoOfOrRoundedAreForgotten() {
    waiting.offsets(waitingForFirstRound("kafka.orders", 1));
    waiting.offsets(waitingForFirstRound("kafka.events", 1));
    waiting.offsets(waitingForFirstRound("kafka.clicks", 1));

    waiting.retain(Set.of("kafka.orders", "kafka.clicks"));
    LakeOffsets round = LakeOffsets.of(Map.of(0, 90L));
    assertThat(waiting.ranRound("kafka.clicks", round)).isEqualTo(round);

    assertThat(waiting.size()).isEqualTo(1);
    waiting.offsets(waitingForFirstRound("kafka.events", 1));
    assertThat(loads)
        .containsExactly("kafka.orders", "kafka.events", "kafka.clicks", "kafka.events");
  }
}
