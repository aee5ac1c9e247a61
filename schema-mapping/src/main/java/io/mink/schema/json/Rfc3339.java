package io.mink.schema.json;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.OffsetDateTime;
import java.time.Year;
import java.time.ZoneOffset;

/**
 * RFC 3339 full-date and date-time, read exactly as section 5.6 writes them: "T" or "t" between
 * date and time, seconds required, an optional fraction of any length (digits beyond nanoseconds
 * are dropped), and "Z", "z" or a numeric offset. Leap seconds (second 60) are rejected.
 */
final class Rfc3339 {
  private static final int SHORTEST_DATE_TIME = "yyyy-mm-ddThh:mm:ssZ".length();

  private Rfc3339() {}

  /** The date "yyyy-mm-dd" in text[offset, offset + length), or null when it is not one. */
  static LocalDate date(char[] text, int offset, int length) {
    return length == 10 ? dateAt(text, offset) : null;
  }

  /** The date-time in text[offset, offset + length) as an OffsetDateTime in UTC, or null when it is not one. */
  static OffsetDateTime dateTime(char[] text, int offset, int length) {
    if (length < SHORTEST_DATE_TIME) {
      return null;
    }
    LocalDate date = dateAt(text, offset);
    char separator = text[offset + 10];
    if (date == null
        || (separator != 'T' && separator != 't')
        || text[offset + 13] != ':'
        || text[offset + 16] != ':') {
      return null;
    }
    int hour = digits(text, offset + 11, 2);
    int minute = digits(text, offset + 14, 2);
    int second = digits(text, offset + 17, 2);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
      return null;
    }
    int at = offset + 19;
    int end = offset + length;
    int nanos = 0;
    if (text[at] == '.') {
      int first = ++at;
      while (at < end && isDigit(text[at])) {
        if (at - first < 9) {
          nanos = nanos * 10 + (text[at] - '0');
        }
        at++;
      }
      if (at == first) {
        return null;
      }
      for (int kept = Math.min(at - first, 9); kept < 9; kept++) {
        nanos *= 10;
      }
    }
    int offsetSeconds = offsetSeconds(text, at, end);
    if (offsetSeconds == Integer.MIN_VALUE) {
      return null;
    }
    long epochSecond =
        date.toEpochDay() * 86_400 + hour * 3_600L + minute * 60L + second - offsetSeconds;
    return OffsetDateTime.of(
        LocalDateTime.ofEpochSecond(epochSecond, nanos, ZoneOffset.UTC), ZoneOffset.UTC);
  }

  private static int offsetSeconds(char[] text, int at, int end) {
    if (at >= end) {
      return Integer.MIN_VALUE;
    }
    char sign = text[at];
    if ((sign == 'Z' || sign == 'z') && at + 1 == end) {
      return 0;
    }
    if ((sign != '+' && sign != '-') || at + 6 != end || text[at + 3] != ':') {
      return Integer.MIN_VALUE;
    }
    int hours = digits(text, at + 1, 2);
    int minutes = digits(text, at + 4, 2);
    if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59) {
      return Integer.MIN_VALUE;
    }
    int seconds = hours * 3_600 + minutes * 60;
    return sign == '-' ? -seconds : seconds;
  }

  private static LocalDate dateAt(char[] text, int offset) {
    if (text[offset + 4] != '-' || text[offset + 7] != '-') {
      return null;
    }
    int year = digits(text, offset, 4);
    int month = digits(text, offset + 5, 2);
    int day = digits(text, offset + 8, 2);
    if (year < 0
        || month < 1
        || month > 12
        || day < 1
        || day > Month.of(month).length(Year.isLeap(year))) {
      return null;
    }
    return LocalDate.of(year, month, day);
  }

  private static int digits(char[] text, int offset, int count) {
    int value = 0;
    for (int i = offset; i < offset + count; i++) {
      if (!isDigit(text[i])) {
        return -1;
      }
      value = value * 10 + (text[i] - '0');
    }
    return value;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
