package io.mink.cli.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.Test;

class ArrowTemporalTextTest {
  private static final long AT_SECONDS = 1_764_706_561L; // 2025-12-02T20:16:01Z

  @Test
  void timestampsCarryTheFractionDigitsOfTheirUnit() {
    assertThat(ArrowTemporalText.timestamp(timestamp(TimeUnit.SECOND, null), AT_SECONDS))
        .isEqualTo("2025-12-02T20:16:01");
    assertThat(ArrowTemporalText.timestamp(
            timestamp(TimeUnit.MILLISECOND, null), AT_SECONDS * 1_000 + 5))
        .isEqualTo("2025-12-02T20:16:01.005");
    assertThat(ArrowTemporalText.timestamp(
            timestamp(TimeUnit.NANOSECOND, null), AT_SECONDS * 1_000_000_000 + 1))
        .isEqualTo("2025-12-02T20:16:01.000000001");
  }

  @Test
  void timestampsWithAZoneShowTheLocalTimeAndOffset() {
    long micros = AT_SECONDS * 1_000_000;
    assertThat(ArrowTemporalText.timestamp(timestamp(TimeUnit.MICROSECOND, "UTC"), micros))
        .isEqualTo("2025-12-02T20:16:01.000000Z");
    assertThat(ArrowTemporalText.timestamp(timestamp(TimeUnit.MICROSECOND, "Europe/Oslo"), micros))
        .isEqualTo("2025-12-02T21:16:01.000000+01:00");
    assertThat(ArrowTemporalText.timestamp(timestamp(TimeUnit.MICROSECOND, "+05:30"), micros))
        .isEqualTo("2025-12-03T01:46:01.000000+05:30");
  }

  @Test
  void timestampsBeforeTheEpochCountBackwards() {
    assertThat(ArrowTemporalText.timestamp(timestamp(TimeUnit.MICROSECOND, null), -1))
        .isEqualTo("1969-12-31T23:59:59.999999");
  }

  @Test
  void datesAndTimesOfEveryUnit() {
    assertThat(ArrowTemporalText.date(DateUnit.DAY, 0)).isEqualTo("1970-01-01");
    assertThat(ArrowTemporalText.date(DateUnit.MILLISECOND, -1)).isEqualTo("1969-12-31");
    assertThat(ArrowTemporalText.time(new ArrowType.Time(TimeUnit.SECOND, 32), 3_661))
        .isEqualTo("01:01:01");
    assertThat(ArrowTemporalText.time(new ArrowType.Time(TimeUnit.MICROSECOND, 64), 3_661_000_001L))
        .isEqualTo("01:01:01.000001");
  }

  private static ArrowType.Timestamp timestamp(TimeUnit unit, String zone) {
    return new ArrowType.Timestamp(unit, zone);
  }
}
