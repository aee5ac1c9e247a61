package io.mink.indexer.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes in bytes as people write them in a config file: {@code 128MiB}, {@code 64MB}, {@code 1GiB} or plain bytes. */
public final class DataSizes {
  private static final Pattern SIZE = Pattern.compile("(-?\\d+)([A-Za-z]*)");
  private static final Map<String, Long> UNITS = units();

  private DataSizes() {}

  /** Parses a positive size; the error message names no setting. */
  public static long parse(String text) {
    return parse(text, null);
  }

  /**
   * Parses a positive size in bytes.
   *
   * @param setting what the value is for, such as {@code indexer.target_file_size in /etc/mink.toml}; null for none
   * @throws ConfigException when the text is not a size or is not greater than zero
   */
  public static long parse(String text, String setting) {
    Long bytes = parseOrNull(text.strip());
    if (bytes == null) {
      throw new ConfigException(
          invalid(text, setting) + "use a number of bytes, or a number followed by "
              + "B, KiB, MiB, GiB, TiB, KB, MB, GB or TB, such as 128MiB");
    }
    return requirePositive(bytes, "'" + text + "'", setting);
  }

  /** Checks a size given as a plain number of bytes, such as a TOML integer. */
  static long requirePositive(long bytes, String shownValue, String setting) {
    if (bytes <= 0) {
      throw new ConfigException(
          "Invalid data size " + shownValue + (setting == null ? "" : " for " + setting)
              + ": use a size greater than zero, such as 128MiB");
    }
    return bytes;
  }

  /** The shortest form that {@link #parse} reads back, such as 128MiB, 64MB or 1000B. */
  public static String format(long bytes) {
    String best = bytes + "B";
    long bestCount = Math.abs(bytes);
    for (Map.Entry<String, Long> unit : UNITS.entrySet()) {
      long count = bytes / unit.getValue();
      if (bytes != 0 && bytes % unit.getValue() == 0 && Math.abs(count) < bestCount) {
        best = count + unit.getKey();
        bestCount = Math.abs(count);
      }
    }
    return best;
  }

  private static Long parseOrNull(String text) {
    Matcher matcher = SIZE.matcher(text);
    if (!matcher.matches()) {
      return null;
    }
    Long unit = matcher.group(2).isEmpty() ? Long.valueOf(1) : UNITS.get(matcher.group(2));
    if (unit == null) {
      return null;
    }
    try {
      return Math.multiplyExact(Long.parseLong(matcher.group(1)), unit);
    } catch (NumberFormatException | ArithmeticException e) {
      return null;
    }
  }

  private static String invalid(String text, String setting) {
    return "Invalid data size '" + text + "'" + (setting == null ? "" : " for " + setting) + ": ";
  }

  private static Map<String, Long> units() {
    Map<String, Long> units = new LinkedHashMap<>();
    units.put("B", 1L);
    units.put("TiB", 1L << 40);
    units.put("GiB", 1L << 30);
    units.put("MiB", 1L << 20);
    units.put("KiB", 1L << 10);
    units.put("TB", 1_000_000_000_000L);
    units.put("GB", 1_000_000_000L);
    units.put("MB", 1_000_000L);
    units.put("KB", 1_000L);
    units.put("kB", 1_000L);
    return units;
  }
}
