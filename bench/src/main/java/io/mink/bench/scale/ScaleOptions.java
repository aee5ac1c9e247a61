package io.mink.bench.scale;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What one scale-model run does, from {@code key=value} arguments.
 *
 * @param tables the tables, one topic each
 * @param instances the {@code mink serve} processes sharing them
 * @param activePercent the share of the tables (in percent) whose topics receive records throughout
 * @param recordsPerSecond records a second written to each active table's topic
 * @param steady how long the run watches the deployment once every table is on its schedule: the CPU and the
 *     rounds of the steady state are measured over it
 * @param timeout the longest the run waits for every table to be on its schedule, at launch and after the kill
 * @param seed the random seed (partitions, active tables, the instance killed), printed so a run can be repeated
 */
record ScaleOptions(
    int tables,
    int instances,
    double activePercent,
    int recordsPerSecond,
    Duration steady,
    Duration timeout,
    long seed,
    String from) {
  private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

  static {
    DEFAULTS.put("tables", "10000");
    DEFAULTS.put("instances", "4");
    DEFAULTS.put("active.percent", "1");
    DEFAULTS.put("records.per.second", "20");
    DEFAULTS.put("steady", "60s");
    DEFAULTS.put("timeout", "15m");
    DEFAULTS.put("seed", "random");
    DEFAULTS.put("from", "earliest");
  }

  ScaleOptions {
    if (tables < 1) {
      throw new IllegalArgumentException("tables is " + tables + ": use 1 or more");
    }
    if (instances < 2) {
      throw new IllegalArgumentException(
          "instances is " + instances + ": use 2 or more, as one of them is killed");
    }
    if (activePercent < 0 || activePercent > 100) {
      throw new IllegalArgumentException(
          "active.percent is " + activePercent + ": use a number from 0 to 100");
    }
    if (!from.equals("earliest") && !from.equals("latest")) {
      throw new IllegalArgumentException("from is " + from
          + ": use earliest (mink table add's default) or latest (--from latest)");
    }
    if (recordsPerSecond < 1) {
      throw new IllegalArgumentException(
          "records.per.second is " + recordsPerSecond + ": use 1 or more");
    }
  }

  /** The tables whose topics receive records: the active share of them, at least one unless the share is 0. */
  int activeTables() {
    if (activePercent == 0) {
      return 0;
    }
    return (int) Math.max(1, Math.round(tables * activePercent / 100));
  }

  /** Reads {@code key=value} arguments over the defaults; throws with what is wrong. */
  static ScaleOptions parse(String... arguments) {
    Map<String, String> values = new LinkedHashMap<>(DEFAULTS);
    for (String argument : arguments) {
      int equals = argument.indexOf('=');
      if (equals <= 0 || !DEFAULTS.containsKey(argument.substring(0, equals))) {
        throw new IllegalArgumentException("Unknown argument '" + argument
            + "': use key=value with a key of " + DEFAULTS.keySet());
      }
      values.put(argument.substring(0, equals), argument.substring(equals + 1));
    }
    return new ScaleOptions(
        number(values, "tables"),
        number(values, "instances"),
        decimal(values, "active.percent"),
        number(values, "records.per.second"),
        duration(values, "steady"),
        duration(values, "timeout"),
        "random".equals(values.get("seed"))
            ? System.nanoTime()
            : Long.parseLong(values.get("seed")),
        values.get("from"));
  }

  /** Whether the tables are added as {@code mink table add --from latest} adds them, with an accepted start. */
  boolean fromLatest() {
    return from.equals("latest");
  }

  static String usage() {
    StringBuilder usage =
        new StringBuilder("Usage: bench/scale-model [key=value ...]; keys and defaults:\n");
    DEFAULTS.forEach(
        (key, value) -> usage.append("  ").append(key).append('=').append(value).append('\n'));
    return usage.toString();
  }

  private static int number(Map<String, String> values, String key) {
    try {
      return Integer.parseInt(values.get(key));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + " is '" + values.get(key) + "': use a whole number such as " + DEFAULTS.get(key),
          e);
    }
  }

  private static double decimal(Map<String, String> values, String key) {
    try {
      return Double.parseDouble(values.get(key));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          key + " is '" + values.get(key) + "': use a number such as " + DEFAULTS.get(key), e);
    }
  }

  /** A duration such as 90s, 5m or 1h. */
  private static Duration duration(Map<String, String> values, String key) {
    String value = values.get(key).trim().toLowerCase(Locale.ROOT);
    try {
      if (value.endsWith("h") || value.endsWith("m") || value.endsWith("s")) {
        return Duration.parse(
            "PT" + value.substring(0, value.length() - 1) + value.substring(value.length() - 1));
      }
    } catch (DateTimeParseException e) {
      // told below
    }
    throw new IllegalArgumentException(
        key + " is '" + values.get(key) + "': use a duration such as " + DEFAULTS.get(key));
  }
}
