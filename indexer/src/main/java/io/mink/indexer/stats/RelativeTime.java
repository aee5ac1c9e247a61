package io.mink.indexer.stats;

import java.time.Duration;
import java.time.Instant;

/** Durations and instants as a person reads them in a table: "1.2s", "1m 30s", "12s ago", "in 2m". */
public final class RelativeTime {
  private RelativeTime() {}

  /**
   * The duration in at most two units: tenths of a second below 10 s ("0s", "0.4s", "9.9s"), then whole seconds
   * ("12s"), minutes and seconds ("1m 30s", "2m"), hours and minutes ("2h 5m"), days and hours ("3d 4h").
   */
  public static String duration(Duration duration) {
    if (duration.isNegative()) {
      return "-" + duration(duration.negated());
    }
    long millis = saturatedMillis(duration);
    if (millis < 10_000) {
      long tenths = millis / 100;
      return tenths % 10 == 0 ? tenths / 10 + "s" : tenths / 10 + "." + tenths % 10 + "s";
    }
    return wholeSeconds(millis / 1000);
  }

  /** When {@code instant} is as seen at {@code now}: "12s ago", "in 2m", "now" within a second, "never" for null. */
  public static String relative(Instant instant, Instant now) {
    if (instant == null) {
      return "never";
    }
    Duration between = Duration.between(now, instant);
    long millis = saturatedMillis(between.abs());
    if (millis < 1000) {
      return "now";
    }
    String amount = wholeSeconds(millis / 1000);
    return between.isNegative() ? amount + " ago" : "in " + amount;
  }

  private static String wholeSeconds(long seconds) {
    if (seconds < 60) {
      return seconds + "s";
    }
    if (seconds < 3600) {
      return twoUnits(seconds / 60, "m", seconds % 60, "s");
    }
    if (seconds < 86_400) {
      return twoUnits(seconds / 3600, "h", seconds % 3600 / 60, "m");
    }
    return twoUnits(seconds / 86_400, "d", seconds % 86_400 / 3600, "h");
  }

  private static String twoUnits(long large, String largeUnit, long small, String smallUnit) {
    return small == 0 ? large + largeUnit : large + largeUnit + " " + small + smallUnit;
  }

  private static long saturatedMillis(Duration duration) {
    try {
      return duration.toMillis();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE;
    }
  }
}
