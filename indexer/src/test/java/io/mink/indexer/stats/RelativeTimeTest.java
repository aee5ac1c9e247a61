package io.mink.indexer.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RelativeTimeTest {
  private static final Instant NOW = Instant.parse("2026-01-01T12:00:00Z");

  @Test
  void durationsBelowTenSecondsShowTenths() {
    assertThat(RelativeTime.duration(Duration.ZERO)).isEqualTo("0s");
    assertThat(RelativeTime.duration(Duration.ofMillis(99))).isEqualTo("0s");
    assertThat(RelativeTime.duration(Duration.ofMillis(400))).isEqualTo("0.4s");
    assertThat(RelativeTime.duration(Duration.ofMillis(1_250))).isEqualTo("1.2s");
    assertThat(RelativeTime.duration(Duration.ofSeconds(3))).isEqualTo("3s");
    assertThat(RelativeTime.duration(Duration.ofMillis(9_999))).isEqualTo("9.9s");
  }

  @Test
  void longerDurationsShowAtMostTwoUnits() {
    assertThat(RelativeTime.duration(Duration.ofSeconds(12))).isEqualTo("12s");
    assertThat(RelativeTime.duration(Duration.ofSeconds(59))).isEqualTo("59s");
    assertThat(RelativeTime.duration(Duration.ofSeconds(60))).isEqualTo("1m");
    assertThat(RelativeTime.duration(Duration.ofSeconds(90))).isEqualTo("1m 30s");
    assertThat(RelativeTime.duration(Duration.ofMinutes(125).plusSeconds(7))).isEqualTo("2h 5m");
    assertThat(RelativeTime.duration(Duration.ofHours(76).plusMinutes(3))).isEqualTo("3d 4h");
    assertThat(RelativeTime.duration(Duration.ofDays(2))).isEqualTo("2d");
  }

  @Test
  void negativeDurationsKeepTheirSign() {
    assertThat(RelativeTime.duration(Duration.ofSeconds(-90))).isEqualTo("-1m 30s");
  }

  @Test
  void pastInstantsAreAgoAndFutureOnesIn() {
    assertThat(RelativeTime.relative(NOW.minusSeconds(12), NOW)).isEqualTo("12s ago");
    assertThat(RelativeTime.relative(NOW.plusSeconds(120), NOW)).isEqualTo("in 2m");
    assertThat(RelativeTime.relative(NOW.minus(Duration.ofHours(3).plusMinutes(20)), NOW))
        .isEqualTo("3h 20m ago");
    assertThat(RelativeTime.relative(NOW.plusMillis(150_500), NOW)).isEqualTo("in 2m 30s");
  }

  @Test
  void instantsWithinASecondAreNowAndNullIsNever() {
    assertThat(RelativeTime.relative(NOW.minusMillis(999), NOW)).isEqualTo("now");
    assertThat(RelativeTime.relative(NOW.plusMillis(500), NOW)).isEqualTo("now");
    assertThat(RelativeTime.relative(null, NOW)).isEqualTo("never");
  }

  @Test
  void durationsTooLongForMillisecondsDoNotFail() {
    assertThat(RelativeTime.duration(Duration.ofSeconds(Long.MAX_VALUE / 2))).endsWith("h");
  }
}
