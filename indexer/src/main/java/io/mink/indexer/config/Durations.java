package io.mink.indexer.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people write them in a config file: {@code 500ms}, {@code 30s}, {@code 3m}, {@code 1h}, {@code 1d} or ISO-8601. */
public final class Durations {
  private static final Pattern SHORT_FORM = Pattern.compile("(-?\\d+)(ms|s|m|h|d)");
  private static final Map<String, ChronoUnit> UNITS = Map.of(
      "ms",
      ChronoUnit.MILLIS,
      "s",
      ChronoUnit.SECONDS,
      "m",
      ChronoUnit.MINUTES,
      "h",
      ChronoUnit.HOURS,
      "d",
      ChronoUnit.DAYS);
  private static final List<String> LARGEST_UNIT_FIRST = List.of("d", "h", "m", "s", "ms");

  private Durations() {}

  /** Parses a positive duration; the error message names no setting. */
  public static Duration parse(String text) {
    return parse(text, null);
  }

  /**
   * Parses a positive duration.
   *
   * @param setting what the value is for, such as {@code indexer.freshness in /etc/mink.toml}; null for none
   * @throws ConfigException when the text is not a duration or is not greater than zero
   */
  public static Duration parse(String text, String setting) {
    Duration duration = parseOrNull(text.strip());
    if (duration == null) {
      throw new ConfigException(
          invalid(text, setting) + "use a number followed by ms, s, m, h or d, such as 30s or 3m");
    }
    if (duration.isZero() || duration.isNegative()) {
      throw new ConfigException(
          invalid(text, setting) + "use a duration greater than zero, such as 30s or 3m");
    }
    return duration;
  }

  /** The shortest form that {@link #parse} reads back: the largest unit that divides the duration, such as 3m or 90s. */
  public static String format(Duration duration) {
    if (duration.isZero()) {
      return "0s";
    }
    if (duration.toNanosPart() % 1_000_000 != 0) {
      return duration.toString();
    }
    long millis;
    try {
      millis = duration.toMillis();
    } catch (ArithmeticException tooLong) {
      return duration.toString();
    }
    for (String unit : LARGEST_UNIT_FIRST) {
      long unitMillis = UNITS.get(unit).getDuration().toMillis();
      if (millis % unitMillis == 0) {
        return millis / unitMillis + unit;
      }
    }
    throw new AssertionError("every whole number of milliseconds has a unit");
  }

  private static Duration parseOrNull(String text) {
    try {
      if (text.startsWith("P") || text.startsWith("-P")) {
        return Duration.parse(text);
      }
      Matcher matcher = SHORT_FORM.matcher(text);
      if (!matcher.matches()) {
        return null;
      }
      return Duration.of(Long.parseLong(matcher.group(1)), UNITS.get(matcher.group(2)));
    } catch (DateTimeParseException | NumberFormatException | ArithmeticException e) {
      return null;
    }
  }

  private static String invalid(String text, String setting) {
    return "Invalid duration '" + text + "'" + (setting == null ? "" : " for " + setting) + ": ";
  }
}
