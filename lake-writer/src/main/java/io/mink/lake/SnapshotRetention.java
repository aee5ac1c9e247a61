package io.mink.lake;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How long a table keeps the snapshots that readers may still use: the table option
 * mink.snapshot-retention, written as {@code 30m}, {@code 1h}, {@code 7d} (or ISO-8601), stored in
 * the Iceberg property history.expire.max-snapshot-age-ms.
 */
public final class SnapshotRetention {
  /**
   * One hour: a table tiered every 10 s keeps about 360 snapshots, and a reader that pinned a
   * snapshot has an hour before its files may go.
   */
  public static final Duration DEFAULT = Duration.ofHours(1);

  public static final Duration MINIMUM = Duration.ofSeconds(1);

  private static final Pattern SHORT_FORM = Pattern.compile("(\\d+)(ms|s|m|h|d)");
  private static final Map<String, ChronoUnit> UNITS = Map.of(
      "ms", ChronoUnit.MILLIS,
      "s", ChronoUnit.SECONDS,
      "m", ChronoUnit.MINUTES,
      "h", ChronoUnit.HOURS,
      "d", ChronoUnit.DAYS);

  private SnapshotRetention() {}

  /** Parses the option's value; the message of a bad one says what to write. */
  public static Duration parse(String text) {
    Duration retention = parseOrNull(text.strip());
    if (retention == null || retention.compareTo(MINIMUM) < 0) {
      throw new IllegalArgumentException("Invalid " + MinkTableLayout.OPTION_PREFIX
          + MinkTableLayout.SNAPSHOT_RETENTION_OPTION + " '" + text
          + "': use a duration of at least 1s, such as 1h or 7d");
    }
    return retention;
  }

  /** A duration as the table options write them (30m, 7d or ISO-8601); null when the text is not one. */
  static Duration parseOrNull(String text) {
    try {
      if (text.startsWith("P")) {
        return Duration.parse(text);
      }
      Matcher matcher = SHORT_FORM.matcher(text);
      return matcher.matches()
          ? Duration.of(Long.parseLong(matcher.group(1)), UNITS.get(matcher.group(2)))
          : null;
    } catch (DateTimeParseException | NumberFormatException | ArithmeticException e) {
      return null;
    }
  }
}
