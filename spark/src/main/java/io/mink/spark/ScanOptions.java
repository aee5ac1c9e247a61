package io.mink.spark;

import io.mink.indexer.errors.MinkException;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadRequest;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The read options of one scan, as {@code mink read} takes them: {@value #MODE} ({@code union}, the default, {@code
 * lake} or {@code log}, as {@code --mode}), {@value #AT} (a read point's token, as {@code --at}) and {@value
 * #TAIL_SPLIT_RECORDS} (at most this many offsets of an append table's tail per input partition). Pure.
 */
final class ScanOptions {
  static final String MODE = "mode";
  static final String AT = "at";
  static final String TAIL_SPLIT_RECORDS = "tail_split_records";
  static final long DEFAULT_TAIL_SPLIT_RECORDS = 1_000_000;

  private ScanOptions() {}

  /** The request of these options, every column: the scan sets its columns and each task its partition. */
  static ReadRequest request(Map<String, String> options) {
    ReadRequest request = ReadRequest.of(mode(options.get(MODE)));
    String at = options.get(AT);
    if (at == null) {
      return request;
    }
    try {
      return request.at(ReadPoint.parse(at));
    } catch (IllegalArgumentException e) {
      throw MinkException.user(e.getMessage() + ", or the one in the Spark scan's description", e);
    }
  }

  /** At most this many offsets of an append table's tail per input partition. */
  static long tailSplitRecords(Map<String, String> options) {
    String value = options.get(TAIL_SPLIT_RECORDS);
    if (value == null) {
      return DEFAULT_TAIL_SPLIT_RECORDS;
    }
    try {
      long records = Long.parseLong(value.trim());
      if (records >= 1) {
        return records;
      }
    } catch (NumberFormatException e) {
      // the message below says what to give
    }
    throw MinkException.user("Read option " + TAIL_SPLIT_RECORDS + " is \"" + value
        + "\": give a whole number of offsets, at least 1 (default " + DEFAULT_TAIL_SPLIT_RECORDS
        + ")");
  }

  private static ReadMode mode(String value) {
    if (value == null) {
      return ReadMode.union;
    }
    try {
      return ReadMode.valueOf(value.trim().toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw MinkException.user(
          "Read option mode is \"" + value + "\": give one of "
              + Arrays.stream(ReadMode.values()).map(Enum::name).collect(Collectors.joining(", ")),
          e);
    }
  }
}
