package io.mink.indexer.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class MonitoringIntervalsTest {
  @Test
  void theDefaultsMeasureLagEveryFifteenSecondsAndPublishEveryTen() {
    assertThat(SidecarMonitoring.Intervals.DEFAULT)
        .isEqualTo(new SidecarMonitoring.Intervals(Duration.ofSeconds(15), Duration.ofSeconds(10)));
  }

  @Test
  void anIntervalThatIsNotPositiveIsRefused() {
    assertThatThrownBy(() -> new SidecarMonitoring.Intervals(Duration.ZERO, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Monitoring intervals must be positive, got lag PT0S and status PT1S");
    assertThatThrownBy(
            () -> new SidecarMonitoring.Intervals(Duration.ofSeconds(1), Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Monitoring intervals must be positive, got lag PT1S and status PT-0.001S");
  }
}
