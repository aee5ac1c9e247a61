package io.mink.spark;

import io.mink.indexer.errors.MinkException;
import io.mink.query.read.ReadPoint;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The read options of a stream ({@code spark.readStream}): where its first micro-batch starts, and how many offsets a
 * later micro-batch takes at most. Pure.
 *
 * <ul>
 *   <li>{@value #START}: {@code now} (the default), the table as it is when the query first starts (lake and tail, as
 *       a batch read), then each new record; or {@code latest}, no history: the records produced after the query
 *       first starts.
 *   <li>{@value ScanOptions#AT}: a read point's token; the first micro-batch is the table at that point, then each
 *       record after it. It cannot be given with {@value #START}.
 *   <li>{@value #MAX_RECORDS_PER_TRIGGER}: at most this many offsets per micro-batch after the first, shared among the
 *       partitions by how many each has waiting; unlimited when not given.
 * </ul>
 *
 * @param start how the query starts when its checkpoint has no offsets yet
 * @param at the point of {@link Start#AT}
 * @param maxRecordsPerTrigger at most this many offsets per micro-batch after the first
 */
record StreamOptions(Start start, Optional<ReadPoint> at, OptionalLong maxRecordsPerTrigger) {
  static final String START = "start";
  static final String MAX_RECORDS_PER_TRIGGER = "max_records_per_trigger";

  /** Where a stream starts. */
  enum Start {
    NOW,
    LATEST,
    AT
  }

  static StreamOptions of(Map<String, String> options) {
    if (options.containsKey(ScanOptions.MODE)) {
      throw MinkException.user(
          "Read option " + ScanOptions.MODE + " does not apply to a stream: its "
              + "first micro-batch is the union read at its start, every later one the new records of the "
              + "log; leave the option out");
    }
    String start = options.get(START);
    String at = options.get(ScanOptions.AT);
    OptionalLong max = maxRecords(options.get(MAX_RECORDS_PER_TRIGGER));
    if (at != null) {
      if (start != null) {
        throw MinkException.user("Read options " + START + " and " + ScanOptions.AT
            + " are both given: give " + ScanOptions.AT
            + " to start the stream at a read point, or " + START + " (now or latest), not both");
      }
      return new StreamOptions(
          Start.AT, Optional.of(ScanOptions.request(options).at().get()), max);
    }
    if (start == null) {
      return new StreamOptions(Start.NOW, Optional.empty(), max);
    }
    return switch (start.trim().toLowerCase(Locale.ROOT)) {
      case "now" -> new StreamOptions(Start.NOW, Optional.empty(), max);
      case "latest" -> new StreamOptions(Start.LATEST, Optional.empty(), max);
      default ->
        throw MinkException.user("Read option " + START + " is \"" + start
            + "\": give now (the table as it is, then each new record; the default) or latest (only "
            + "the records produced after the query starts), or give " + ScanOptions.AT
            + " with a read point's token");
    };
  }

  private static OptionalLong maxRecords(String value) {
    if (value == null) {
      return OptionalLong.empty();
    }
    try {
      long records = Long.parseLong(value.trim());
      if (records >= 1) {
        return OptionalLong.of(records);
      }
    } catch (NumberFormatException e) {
      // the message below says what to give
    }
    throw MinkException.user("Read option " + MAX_RECORDS_PER_TRIGGER + " is \"" + value
        + "\": give a whole number of offsets, at least 1, or leave it out for no limit");
  }
}
