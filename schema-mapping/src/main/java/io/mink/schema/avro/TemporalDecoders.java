package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Decoders of Avro's date, time and timestamp logical types into java.time values. Values Iceberg
 * cannot store as microseconds (a time outside a day, a millisecond timestamp beyond the
 * microsecond range) are undecodable.
 */
final class TemporalDecoders {
  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  private static final long MAX_MILLIS_AS_MICROS = Long.MAX_VALUE / 1000;

  private TemporalDecoders() {}

  static LocalDate date(int epochDay) {
    return LocalDate.ofEpochDay(epochDay);
  }

  static LocalTime timeOfDay(
      long value, long unitsPerDay, long nanosPerUnit, String logicalType, String where, int at)
      throws UndecodableException {
    return LocalTime.ofNanoOfDay(
        checkedTimeOfDay(value, unitsPerDay, logicalType, where, at) * nanosPerUnit);
  }

  /** A time-millis or time-micros value as microseconds since midnight. */
  static long microsOfDay(long value, boolean millis, String where, int at)
      throws UndecodableException {
    return millis
        ? checkedTimeOfDay(value, MILLIS_PER_DAY, "time-millis", where, at) * 1000
        : checkedTimeOfDay(value, MICROS_PER_DAY, "time-micros", where, at);
  }

  private static long checkedTimeOfDay(
      long value, long unitsPerDay, String logicalType, String where, int at)
      throws UndecodableException {
    if (value < 0 || value >= unitsPerDay) {
      throw new UndecodableException(String.format(
          "Avro %s value %d for %s at byte %d is outside a day", logicalType, value, where, at));
    }
    return value;
  }

  /** Microseconds since midnight as ISO-8601 HH:MM:SS.ffffff, always six fraction digits, so the text sorts as times do. */
  static String timeOfDayText(long micros) {
    char[] text = new char[15];
    long seconds = micros / MICROS_PER_SECOND;
    twoDigits(text, 0, (int) (seconds / 3600));
    text[2] = ':';
    twoDigits(text, 3, (int) (seconds / 60 % 60));
    text[5] = ':';
    twoDigits(text, 6, (int) (seconds % 60));
    text[8] = '.';
    long fraction = micros % MICROS_PER_SECOND;
    for (int i = 14; i >= 9; i--) {
      text[i] = (char) ('0' + fraction % 10);
      fraction /= 10;
    }
    return new String(text);
  }

  private static void twoDigits(char[] text, int at, int value) {
    text[at] = (char) ('0' + value / 10);
    text[at + 1] = (char) ('0' + value % 10);
  }

  static long millisToMicros(long millis, String logicalType, String where, int at)
      throws UndecodableException {
    if (millis > MAX_MILLIS_AS_MICROS || millis < -MAX_MILLIS_AS_MICROS) {
      throw new UndecodableException(String.format(
          "Avro %s value %d for %s at byte %d is outside the range of microsecond timestamps",
          logicalType, millis, where, at));
    }
    return millis * 1000;
  }

  static LocalDateTime localDateTimeOfMicros(long micros) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(micros, MICROS_PER_SECOND),
        (int) Math.floorMod(micros, MICROS_PER_SECOND) * 1000,
        ZoneOffset.UTC);
  }

  static OffsetDateTime offsetDateTimeOfMicros(long micros) {
    return localDateTimeOfMicros(micros).atOffset(ZoneOffset.UTC);
  }

  record DateDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      return date(in.readInt(where));
    }
  }

  record TimeMillisDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int at = in.offset();
      return timeOfDay(in.readInt(where), MILLIS_PER_DAY, 1_000_000L, "time-millis", where, at);
    }
  }

  record TimeMicrosDecoder(String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int at = in.offset();
      return timeOfDay(in.readLong(where), MICROS_PER_DAY, 1000L, "time-micros", where, at);
    }
  }

  /** time-millis and time-micros as microseconds since midnight, for a table whose times are longs. */
  record TimeOfDayMicrosDecoder(boolean millis, String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int at = in.offset();
      long value = millis ? in.readInt(where) : in.readLong(where);
      return microsOfDay(value, millis, where, at);
    }
  }

  /** time-millis and time-micros as HH:MM:SS.ffffff, for a table whose times are strings. */
  record TimeOfDayTextDecoder(boolean millis, String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int at = in.offset();
      long value = millis ? in.readInt(where) : in.readLong(where);
      return timeOfDayText(microsOfDay(value, millis, where, at));
    }
  }

  /** timestamp-millis and timestamp-micros as an OffsetDateTime in UTC (timestamptz). */
  record InstantDecoder(boolean millis, String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int at = in.offset();
      long value = in.readLong(where);
      return offsetDateTimeOfMicros(
          millis ? millisToMicros(value, "timestamp-millis", where, at) : value);
    }
  }

  /** local-timestamp-millis and local-timestamp-micros as a LocalDateTime (timestamp). */
  record LocalDateTimeDecoder(boolean millis, String where) implements ValueDecoder {
    @Override
    public Object decode(AvroCursor in) throws UndecodableException {
      int at = in.offset();
      long value = in.readLong(where);
      return localDateTimeOfMicros(
          millis ? millisToMicros(value, "local-timestamp-millis", where, at) : value);
    }
  }
}
