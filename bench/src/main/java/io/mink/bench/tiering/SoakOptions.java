package io.mink.bench.tiering;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one soak run does, from {@code key=value} arguments.
 *
 * @param instances the {@code mink serve} processes sharing the tables
 * @param tables the tables, one topic each
 * @param partitions partitions of each topic
 * @param kills SIGKILLs of a random instance at a random point, each followed by a restart
 * @param brokerRestarts broker restarts spread evenly over the kills
 * @param batch records per topic per producer batch, one batch every 100 ms
 * @param seed the random seed, printed so a run can be repeated
 */
record SoakOptions(
    int instances,
    int tables,
    int partitions,
    int kills,
    int brokerRestarts,
    int batch,
    long seed) {
  private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

  static {
    DEFAULTS.put("instances", "3");
    DEFAULTS.put("tables", "4");
    DEFAULTS.put("partitions", "3");
    DEFAULTS.put("kills", "100");
    DEFAULTS.put("broker.restarts", "5");
    DEFAULTS.put("batch", "20");
    DEFAULTS.put("seed", "random");
  }

  SoakOptions {
    positive("instances", instances);
    positive("tables", tables);
    positive("partitions", partitions);
    positive("batch", batch);
    if (kills < 0 || brokerRestarts < 0) {
      throw new IllegalArgumentException("kills and broker.restarts must be 0 or more");
    }
  }

  /** Reads {@code key=value} arguments over the defaults; throws with what is wrong. */
  static SoakOptions parse(String... arguments) {
    Map<String, String> values = new LinkedHashMap<>(DEFAULTS);
    for (String argument : arguments) {
      int equals = argument.indexOf('=');
      if (equals <= 0 || !DEFAULTS.containsKey(argument.substring(0, equals))) {
        throw new IllegalArgumentException("Unknown argument '" + argument
            + "': use key=value with a key of " + DEFAULTS.keySet());
      }
      values.put(argument.substring(0, equals), argument.substring(equals + 1));
    }
    return new SoakOptions(
        number(values, "instances"),
        number(values, "tables"),
        number(values, "partitions"),
        number(values, "kills"),
        number(values, "broker.restarts"),
        number(values, "batch"),
        "random".equals(values.get("seed"))
            ? System.nanoTime()
            : Long.parseLong(values.get("seed")));
  }

  static String usage() {
    StringBuilder usage =
        new StringBuilder("Usage: bench/soak [key=value ...]; keys and defaults:\n");
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

  private static void positive(String key, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(key + " is " + value + ": use 1 or more");
    }
  }
}
