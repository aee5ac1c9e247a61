package io.mink.spark;

import io.mink.indexer.config.Durations;
import io.mink.indexer.errors.MinkException;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.UnionRead;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The read options of one scan, as {@code mink read} takes them: {@value #MODE} ({@code union}, the default, {@code
 * lake} or {@code log}, as {@code --mode}), {@value #AT} (a read point's token, as {@code --at}) and {@value
 * #TAIL_SPLIT_RECORDS} (at most this many offsets of an append table's tail per input partition) and {@value
 * #LAKE_SPLIT_BYTES} (about this many bytes of its lake files per input partition, 128 MiB by default, as Spark's
 * {@code spark.sql.files.maxPartitionBytes}) and {@value #REGISTRY_WAIT} (how long an unavailable schema registry
 * is waited out, as Mink's durations are written: {@code 30s}, {@code 2m}). Pure.
 */
final class ScanOptions {
  static final String MODE = "mode";
  static final String AT = "at";
  static final String TAIL_SPLIT_RECORDS = "tail_split_records";
  static final long DEFAULT_TAIL_SPLIT_RECORDS = 1_000_000;
  static final String LAKE_SPLIT_BYTES = "lake_split_bytes";
  static final String REGISTRY_WAIT = "registry_wait";
  static final long DEFAULT_LAKE_SPLIT_BYTES = 128L << 20;

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

  /**
   * How a read is split into input partitions ({@link ScanSplits}) and how long it waits for the registry.
   *
   * @param tailRecords at most this many offsets of a tail per input partition
   * @param lakeBytes about this many bytes of lake files per input partition
   * @param registryWait how long an unavailable schema registry is waited out before the query fails
   */
  record Tuning(long tailRecords, long lakeBytes, Duration registryWait)
      implements java.io.Serializable {
    private static final long serialVersionUID = 1L;
  }

  static Tuning tuning(Map<String, String> options) {
    return new Tuning(tailSplitRecords(options), lakeSplitBytes(options), registryWait(options));
  }

  /** How long the driver and each task wait out an unavailable schema registry before the query fails. */
  static Duration registryWait(Map<String, String> options) {
    String value = options.get(REGISTRY_WAIT);
    if (value == null) {
      return UnionRead.REGISTRY_WAIT;
    }
    return Durations.parse(value, "read option " + REGISTRY_WAIT);
  }

  /** At most this many offsets of an append table's tail per input partition. */
  static long tailSplitRecords(Map<String, String> options) {
    return atLeastOne(options, TAIL_SPLIT_RECORDS, DEFAULT_TAIL_SPLIT_RECORDS, "offsets");
  }

  /** About this many bytes of an append table's lake files per input partition. */
  static long lakeSplitBytes(Map<String, String> options) {
    return atLeastOne(options, LAKE_SPLIT_BYTES, DEFAULT_LAKE_SPLIT_BYTES, "bytes");
  }

  private static long atLeastOne(
      Map<String, String> options, String key, long defaultValue, String unit) {
    String value = options.get(key);
    if (value == null) {
      return defaultValue;
    }
    try {
      long parsed = Long.parseLong(value.trim());
      if (parsed >= 1) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // the message below says what to give
    }
    throw MinkException.user("Read option " + key + " is \"" + value + "\": give a whole number of "
        + unit + ", at least 1 (default " + defaultValue + ")");
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
