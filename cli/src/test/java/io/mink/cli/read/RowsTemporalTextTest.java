package io.mink.cli.read;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RowsTemporalTextTest {
  @Test
  void timestampsHaveSixFractionDigitsAndOnlyThoseWithZoneEndInZ() {
    assertThat(TemporalText.timestamptz(0)).isEqualTo("1970-01-01T00:00:00.000000Z");
    assertThat(TemporalText.timestamptz(-1)).isEqualTo("1969-12-31T23:59:59.999999Z");
    assertThat(TemporalText.timestamp(1_796_242_561_123_456L))
        .isEqualTo("2026-12-02T20:16:01.123456");
    assertThat(TemporalText.timestamptz(253_402_300_800_000_000L))
        .isEqualTo("+10000-01-01T00:00:00.000000Z");
  }

  @Test
  void datesAndTimesOfDay() {
    assertThat(TemporalText.date(20_789)).isEqualTo("2026-12-02");
    assertThat(TemporalText.date(-1)).isEqualTo("1969-12-31");
    assertThat(TemporalText.time(86_399_999_999L)).isEqualTo("23:59:59.999999");
    assertThat(TemporalText.time(0)).isEqualTo("00:00:00.000000");
  }
}
