package io.mink.cli.operations;

import io.mink.indexer.errors.MinkException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Where {@code mink table add --from} starts a table: {@code earliest}, {@code latest}, a time such as {@code
 * 2026-12-01T08:00:00Z} or {@code 2026-12-01}, or offsets per partition such as {@code 0:1200,1:1180}. Pure: the
 * offsets are resolved against the topic by {@link StartOffsets}.
 */
public sealed interface StartSpec {
  String HELP =
      "use earliest, latest, a time (2026-12-01T08:00:00Z, 2026-12-01T09:00+01:00 or the day "
          + "2026-12-01, UTC) or offsets per partition (0:1200,1:1180)";

  /** Each partition's log start when the table's first round runs: the default, recorded as no start. */
  record Earliest() implements StartSpec {}

  /** Each partition's end offset now (its last stable offset): only records written from now on. */
  record Latest() implements StartSpec {}

  /** Per partition, the first record at or after {@code time}, by Kafka's timestamp index. */
  record AtTime(Instant time) implements StartSpec {}

  /** The given offset of each named partition; partitions not named start at their log start. */
  record AtOffsets(Map<Integer, Long> offsets) implements StartSpec {
    public AtOffsets {
      offsets = Map.copyOf(offsets);
    }
  }

  Pattern PARTITION_OFFSET = Pattern.compile("(\\d+):(\\d+)");
  Pattern DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

  /** The --from value as given; a value that is none of the forms is a usage error that lists them. */
  static StartSpec parse(String text) {
    String value = text.strip();
    if (value.equalsIgnoreCase("earliest")) {
      return new Earliest();
    }
    if (value.equalsIgnoreCase("latest")) {
      return new Latest();
    }
    if (value.contains(":")
        && PARTITION_OFFSET.matcher(value.split(",")[0].strip()).matches()) {
      return offsets(text, value);
    }
    try {
      if (DAY.matcher(value).matches()) {
        return new AtTime(LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant());
      }
      return new AtTime(OffsetDateTime.parse(value).toInstant());
    } catch (DateTimeParseException e) {
      throw invalid(text);
    }
  }

  private static StartSpec offsets(String text, String value) {
    Map<Integer, Long> offsets = new TreeMap<>();
    for (String part : value.split(",")) {
      var matcher = PARTITION_OFFSET.matcher(part.strip());
      if (!matcher.matches()) {
        throw invalid(text);
      }
      int partition;
      long offset;
      try {
        partition = Integer.parseInt(matcher.group(1));
        offset = Long.parseLong(matcher.group(2));
      } catch (NumberFormatException e) {
        throw invalid(text);
      }
      if (offsets.put(partition, offset) != null) {
        throw MinkException.user(
            "Invalid --from '" + text + "': partition " + partition + " is named twice");
      }
    }
    return new AtOffsets(offsets);
  }

  private static MinkException invalid(String text) {
    return MinkException.user("Invalid --from '" + text + "': " + HELP);
  }
}
