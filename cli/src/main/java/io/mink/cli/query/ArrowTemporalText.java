package io.mink.cli.query;

import static java.time.temporal.ChronoField.HOUR_OF_DAY;
import static java.time.temporal.ChronoField.MINUTE_OF_HOUR;
import static java.time.temporal.ChronoField.NANO_OF_SECOND;
import static java.time.temporal.ChronoField.SECOND_OF_MINUTE;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Arrow's dates, times and timestamps in ISO-8601 text: {@code 2026-12-02}, {@code 20:16:01.123456},
 * {@code 2026-12-02T20:16:01.123456} without a zone, and with one the local time in that zone and its offset,
 * {@code Z} for UTC: {@code 2026-12-02T20:16:01.123456Z}. Times carry as many fraction digits as their unit holds:
 * none for seconds, 3 for milliseconds, 6 for microseconds, 9 for nanoseconds.
 */
final class ArrowTemporalText {
  private static final long NANOS_PER_DAY = TimeUnit.DAYS.toNanos(1);

  private ArrowTemporalText() {}

  /** The text of a date of that unit: days or milliseconds since the epoch. */
  static String date(DateUnit unit, long value) {
    long epochDay = unit == DateUnit.DAY ? value : Math.floorDiv(value, TimeUnit.DAYS.toMillis(1));
    return LocalDate.ofEpochDay(epochDay).format(DateTimeFormatter.ISO_LOCAL_DATE);
  }

  /** The text of a time of day in the type's unit since midnight. */
  static String time(ArrowType.Time type, long value) {
    TimeUnit unit = timeUnit(type.getUnit());
    long nanos = Math.floorMod(unit.toNanos(value), NANOS_PER_DAY);
    return LocalTime.ofNanoOfDay(nanos).format(timeFormat(type.getUnit()));
  }

  /** The text of a timestamp in the type's unit since the epoch, in the type's zone when it has one. */
  static String timestamp(ArrowType.Timestamp type, long value) {
    TimeUnit unit = timeUnit(type.getUnit());
    long perSecond = unit.convert(1, TimeUnit.SECONDS);
    Instant instant = Instant.ofEpochSecond(
        Math.floorDiv(value, perSecond), unit.toNanos(Math.floorMod(value, perSecond)));
    DateTimeFormatter local = new DateTimeFormatterBuilder()
        .append(DateTimeFormatter.ISO_LOCAL_DATE)
        .appendLiteral('T')
        .append(timeFormat(type.getUnit()))
        .toFormatter(Locale.ROOT);
    if (type.getTimezone() == null) {
      return LocalDateTime.ofInstant(instant, ZoneOffset.UTC).format(local);
    }
    ZoneOffset offset = zone(type.getTimezone()).getRules().getOffset(instant);
    return LocalDateTime.ofInstant(instant, offset).format(local) + offset.getId();
  }

  private static ZoneId zone(String timezone) {
    try {
      return ZoneId.of(timezone);
    } catch (DateTimeException e) {
      return ZoneOffset.UTC;
    }
  }

  private static DateTimeFormatter timeFormat(org.apache.arrow.vector.types.TimeUnit unit) {
    DateTimeFormatterBuilder builder = new DateTimeFormatterBuilder()
        .appendValue(HOUR_OF_DAY, 2)
        .appendLiteral(':')
        .appendValue(MINUTE_OF_HOUR, 2)
        .appendLiteral(':')
        .appendValue(SECOND_OF_MINUTE, 2);
    int digits = switch (unit) {
      case SECOND -> 0;
      case MILLISECOND -> 3;
      case MICROSECOND -> 6;
      case NANOSECOND -> 9;
    };
    if (digits > 0) {
      builder.appendFraction(NANO_OF_SECOND, digits, digits, true);
    }
    return builder.toFormatter(Locale.ROOT);
  }

  private static TimeUnit timeUnit(org.apache.arrow.vector.types.TimeUnit unit) {
    return switch (unit) {
      case SECOND -> TimeUnit.SECONDS;
      case MILLISECOND -> TimeUnit.MILLISECONDS;
      case MICROSECOND -> TimeUnit.MICROSECONDS;
      case NANOSECOND -> TimeUnit.NANOSECONDS;
    };
  }
}
