package io.mink.cli.read;

import static java.time.temporal.ChronoField.HOUR_OF_DAY;
import static java.time.temporal.ChronoField.MINUTE_OF_HOUR;
import static java.time.temporal.ChronoField.NANO_OF_SECOND;
import static java.time.temporal.ChronoField.SECOND_OF_MINUTE;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Locale;

/**
 * Dates, times and timestamps as Arrow holds them (days and microseconds since the epoch or midnight) in ISO-8601
 * text with exactly six fraction digits: {@code 2026-12-02}, {@code 20:16:01.123456},
 * {@code 2026-12-02T20:16:01.123456} for a timestamp without zone and {@code 2026-12-02T20:16:01.123456Z} for a
 * timestamp with zone, which Iceberg stores in UTC. Years past 9999 carry a sign, as in {@code +10000-01-01}.
 */
final class TemporalText {
  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
      .appendValue(HOUR_OF_DAY, 2)
      .appendLiteral(':')
      .appendValue(MINUTE_OF_HOUR, 2)
      .appendLiteral(':')
      .appendValue(SECOND_OF_MINUTE, 2)
      .appendFraction(NANO_OF_SECOND, 6, 6, true)
      .toFormatter(Locale.ROOT);
  private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
      .append(DateTimeFormatter.ISO_LOCAL_DATE)
      .appendLiteral('T')
      .append(TIME)
      .toFormatter(Locale.ROOT);

  private TemporalText() {}

  static String date(int epochDay) {
    return LocalDate.ofEpochDay(epochDay).format(DateTimeFormatter.ISO_LOCAL_DATE);
  }

  static String time(long microsOfDay) {
    return LocalTime.ofNanoOfDay(microsOfDay * 1_000).format(TIME);
  }

  /** A timestamp without zone: no offset, as the value is not an instant. */
  static String timestamp(long epochMicros) {
    return LocalDateTime.ofEpochSecond(
            Math.floorDiv(epochMicros, MICROS_PER_SECOND),
            (int) Math.floorMod(epochMicros, MICROS_PER_SECOND) * 1_000,
            ZoneOffset.UTC)
        .format(TIMESTAMP);
  }

  /** A timestamp with zone: the instant in UTC, ending in {@code Z}. */
  static String timestamptz(long epochMicros) {
    return timestamp(epochMicros) + 'Z';
  }
}
