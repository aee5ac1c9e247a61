package io.mink.indexer.stats;

import static io.mink.indexer.stats.StatusFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RoundCountersTest {
  private final StatusBoard board = new StatusBoard();
  private final RoundCounters counters = new RoundCounters();

  @Test
  void eachNewLastRoundAndEachEntryIntoFailedCountsOnce() {
    board.addListener(counters);
    RoundSummary first = round(NOW, true, 100, Map.of("value.undecodable-bytes", 2L));
    RoundSummary second =
        round(NOW.plusSeconds(60), true, 50, Map.of("value.undecodable-bytes", 1L));
    RoundSummary empty = round(NOW.plusSeconds(120), false, 0, Map.of());

    board.put(status(TableState.SCHEDULED, null, NOW));
    board.put(status(TableState.TIERING, null, NOW));
    board.put(status(TableState.TIERED, first, NOW));
    board.put(status(TableState.TIERED, first, NOW.plusSeconds(10)));
    board.put(status(TableState.FAILED, first, NOW.plusSeconds(30)));
    board.put(status(TableState.FAILED, first, NOW.plusSeconds(31)));
    board.put(status(TableState.TIERING, first, NOW.plusSeconds(40)));
    board.put(status(TableState.TIERED, second, NOW.plusSeconds(60)));
    board.put(status(TableState.TIERED, empty, NOW.plusSeconds(120)));
    board.remove("kafka.orders");

    assertThat(counters.snapshot())
        .containsExactly(Map.entry(
            "kafka.orders",
            new RoundCounters.Counts(2, 1, 300, 150, 1500, Map.of("value.undecodable-bytes", 3L))));
  }

  @Test
  void aListenerThatFailsDoesNotStopTheBoard() {
    board.addListener((before, after) -> {
      throw new IllegalStateException("broken");
    });
    board.addListener(counters);

    board.put(status(TableState.FAILED, null, NOW));

    assertThat(board.get("kafka.orders")).isPresent();
    assertThat(counters.snapshot().get("kafka.orders").failed()).isEqualTo(1);
  }

  private static RoundSummary round(
      java.time.Instant at, boolean committed, long rows, Map<String, Long> raw) {
    return new RoundSummary(
        at,
        committed,
        rows * 2,
        rows,
        rows * 10,
        committed ? 1 : 0,
        Duration.ofSeconds(1),
        false,
        raw);
  }

  private static TableStatus status(TableState state, RoundSummary round, java.time.Instant at) {
    return new TableStatus(
        "kafka.orders",
        "orders",
        state,
        "me",
        1,
        null,
        null,
        List.of(),
        round,
        null,
        List.of(),
        at);
  }
}
