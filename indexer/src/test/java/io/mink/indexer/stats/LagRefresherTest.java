package io.mink.indexer.stats;

import static io.mink.indexer.stats.StatusFixtures.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LagRefresherTest {
  private static final List<PartitionLag> PROBED = List.of(
      new PartitionLag(0, 1200, 1400, Duration.ofSeconds(20)),
      new PartitionLag(1, 800, 900, Duration.ofSeconds(4)));

  @Test
  void probeMeasuredAfterTheLastRoundWins() {
    TableStatus orders = StatusFixtures.orders();

    assertThat(LagRefresher.choose(orders, new LagRefresher.Measured(NOW, PROBED)))
        .isEqualTo(PROBED);
  }

  @Test
  void roundEndedAfterTheProbeWins() {
    TableStatus orders = StatusFixtures.orders();

    assertThat(LagRefresher.choose(orders, new LagRefresher.Measured(NOW.minusSeconds(13), PROBED)))
        .isEqualTo(orders.partitions());
  }

  @Test
  void withoutAProbeOrARoundTheOtherIsUsed() {
    TableStatus events = StatusFixtures.events();

    assertThat(LagRefresher.choose(events, null)).isEqualTo(events.partitions());
    assertThat(LagRefresher.choose(events, new LagRefresher.Measured(NOW.minusSeconds(60), PROBED)))
        .isEqualTo(PROBED);
  }
}
