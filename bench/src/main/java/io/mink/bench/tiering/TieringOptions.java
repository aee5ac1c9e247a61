package io.mink.bench.tiering;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.DataSizes;
import io.mink.indexer.config.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one run of the tiering benchmark does, from {@code key=value} arguments; with the defaults the whole
 * run takes about six minutes on two cores.
 *
 * @param parts which parts run, in this order: memory, lag, scale
 * @param valueBytes the value size of every record (key 16 B and one 20 B header come on top)
 * @param sidecarOptions the JVM flags of every {@code mink serve} process
 * @param memory part 1's backlog
 * @param memoryWorkers part 1's [indexer] workers, 0 for Mink's default
 * @param lagRate records per second into each lag table
 * @param lagFreshness one lag table per freshness, all fed at once
 * @param lagDuration how long the producer runs
 * @param lagWarmup the first stretch of the producer's records, left out of the steady figures
 * @param lagPartitions partitions of each lag topic
 * @param scale part 3's backlog
 * @param instances the instance counts part 3 runs, one after the other
 * @param lagMegabytesPerSecond when above 0, the lag producers' rate over all tables in MB/s (10^6 bytes of
 *     key, value and headers), instead of lagRate
 * @param lagFormat the lag records: raw (sized values) or avro (Confluent Avro orders through a registry)
 * @param startup part 4's tables, indexed once before the measured launch
 * @param startupFreshness the freshness of part 4's tables
 * @param startupAdded records added to each of part 4's tables before the measured launch
 */
record TieringOptions(
    List<String> parts,
    int valueBytes,
    String sidecarOptions,
    BacklogShape memory,
    int memoryWorkers,
    int lagRate,
    List<Duration> lagFreshness,
    Duration lagDuration,
    Duration lagWarmup,
    int lagPartitions,
    BacklogShape scale,
    List<Integer> instances,
    double lagMegabytesPerSecond,
    LagFormat lagFormat,
    BacklogShape startup,
    Duration startupFreshness,
    int startupAdded) {
  static final List<String> ALL_PARTS = List.of("memory", "lag", "scale", "startup");
  static final List<String> DEFAULT_PARTS = List.of("memory", "lag", "scale");
  static final String DEFAULT_SIDECAR_OPTIONS = "-Xmx1g -XX:+UseG1GC";

  private static final Map<String, String> DEFAULTS = defaults();

  TieringOptions {
    requireNonNull(parts, "parts is null");
    requireNonNull(sidecarOptions, "sidecarOptions is null");
    requireNonNull(memory, "memory is null");
    requireNonNull(lagFreshness, "lagFreshness is null");
    requireNonNull(lagDuration, "lagDuration is null");
    requireNonNull(lagWarmup, "lagWarmup is null");
    requireNonNull(scale, "scale is null");
    requireNonNull(instances, "instances is null");
    requireNonNull(lagFormat, "lagFormat is null");
    requireNonNull(startup, "startup is null");
    requireNonNull(startupFreshness, "startupFreshness is null");
  }

  /** What the lag part's producers write. */
  enum LagFormat {
    /** {@code TestRecords.sized}: a 16-byte key, a value of value.bytes, one header. */
    RAW,
    /** The registry benchmark's orders, Avro in Confluent's wire format, decoded through the fake registry. */
    AVRO
  }

  /**
   * A backlog: {@code tables} topics of {@code partitions} partitions, {@code recordsPerTable} records in
   * each, spread round-robin over its partitions.
   */
  record BacklogShape(int tables, int partitions, int recordsPerTable) {
    long records() {
      return (long) tables * recordsPerTable;
    }

    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "%d tables x %d partitions x %,d records",
          tables,
          partitions,
          recordsPerTable);
    }
  }

  private static Map<String, String> defaults() {
    Map<String, String> defaults = new LinkedHashMap<>();
    defaults.put("parts", String.join(",", DEFAULT_PARTS));
    defaults.put("value.bytes", "500");
    defaults.put("sidecar.opts", DEFAULT_SIDECAR_OPTIONS);
    defaults.put("memory.tables", "20");
    defaults.put("memory.partitions", "24");
    defaults.put("memory.records", "60000");
    defaults.put("memory.workers", "default");
    defaults.put("lag.rate", "2000");
    defaults.put("lag.freshness", "5s,15s");
    defaults.put("lag.duration", "90s");
    defaults.put("lag.warmup", "20s");
    defaults.put("lag.partitions", "6");
    defaults.put("lag.mbps", "none");
    defaults.put("lag.format", "raw");
    defaults.put("scale.tables", "8");
    defaults.put("scale.partitions", "4");
    defaults.put("scale.records", "100000");
    defaults.put("scale.instances", "1,2");
    defaults.put("startup.tables", "200");
    defaults.put("startup.partitions", "4");
    defaults.put("startup.records", "1000");
    defaults.put("startup.freshness", "10s");
    defaults.put("startup.added", "100");
    return defaults;
  }

  /** The usage text: every key with its default. */
  static String usage() {
    StringBuilder usage =
        new StringBuilder("Usage: bench/tiering [key=value ...]; keys and defaults:\n");
    DEFAULTS.forEach(
        (key, value) -> usage.append(String.format(Locale.ROOT, "  %-18s %s%n", key, value)));
    usage.append("memory.records, scale.records, startup.records and startup.added are per table; "
        + "lag.rate is per table, lag.mbps (MB/s) over all lag tables and replaces it; "
        + "lag.format is raw or avro. See docs/benchmarks/tiering.md.");
    return usage.toString();
  }

  /** Parses {@code key=value} arguments over the defaults; throws with what to write instead. */
  static TieringOptions parse(String[] args) {
    Map<String, String> values = new LinkedHashMap<>(DEFAULTS);
    for (String arg : args) {
      int equals = arg.indexOf('=');
      String key = equals < 0 ? arg : arg.substring(0, equals).trim();
      if (equals < 1 || !DEFAULTS.containsKey(key)) {
        throw new IllegalArgumentException("Unknown argument '" + arg
            + "': use key=value with one of the keys " + String.join(", ", DEFAULTS.keySet()));
      }
      values.put(key, arg.substring(equals + 1).trim());
    }
    List<String> parts = list(values, "parts");
    for (String part : parts) {
      if (!ALL_PARTS.contains(part)) {
        throw new IllegalArgumentException(
            "Unknown part '" + part + "' in parts: use some of " + ALL_PARTS);
      }
    }
    List<Integer> instances = new ArrayList<>();
    for (String count : list(values, "scale.instances")) {
      instances.add(number("scale.instances", count, 1));
    }
    List<Duration> freshness = new ArrayList<>();
    for (String duration : list(values, "lag.freshness")) {
      freshness.add(duration("lag.freshness", duration));
    }
    return new TieringOptions(
        ALL_PARTS.stream().filter(Set.copyOf(parts)::contains).toList(),
        number(values, "value.bytes", 0),
        values.get("sidecar.opts"),
        new BacklogShape(
            number(values, "memory.tables", 1),
            number(values, "memory.partitions", 1),
            number(values, "memory.records", 1)),
        values.get("memory.workers").equals("default") ? 0 : number(values, "memory.workers", 1),
        number(values, "lag.rate", 1),
        freshness,
        duration("lag.duration", values.get("lag.duration")),
        duration("lag.warmup", values.get("lag.warmup")),
        number(values, "lag.partitions", 1),
        new BacklogShape(
            number(values, "scale.tables", 1),
            number(values, "scale.partitions", 1),
            number(values, "scale.records", 1)),
        instances,
        values.get("lag.mbps").equals("none") ? 0 : megabytes(values.get("lag.mbps")),
        lagFormat(values.get("lag.format")),
        new BacklogShape(
            number(values, "startup.tables", 1),
            number(values, "startup.partitions", 1),
            number(values, "startup.records", 1)),
        duration("startup.freshness", values.get("startup.freshness")),
        number(values, "startup.added", 1));
  }

  private static double megabytes(String value) {
    try {
      double megabytes = Double.parseDouble(value);
      if (megabytes > 0) {
        return megabytes;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("Invalid lag.mbps '" + value
        + "': use MB per second over all lag tables, such as 20, or none to use lag.rate");
  }

  private static LagFormat lagFormat(String value) {
    for (LagFormat format : LagFormat.values()) {
      if (format.name().equalsIgnoreCase(value)) {
        return format;
      }
    }
    throw new IllegalArgumentException(
        "Invalid lag.format '" + value + "': use raw or avro (default raw)");
  }

  /** The -Xmx of the sidecar options in bytes, or -1 when they set none. */
  long sidecarMaxHeapBytes() {
    long heap = -1;
    for (String flag : sidecarOptions.trim().split("\\s+")) {
      if (flag.startsWith("-Xmx")) {
        String size = flag.substring(4).toUpperCase(Locale.ROOT);
        heap = DataSizes.parse(size.matches("\\d+[KMGT]") ? size + "iB" : size);
      }
    }
    return heap;
  }

  boolean runs(String part) {
    return parts.contains(part);
  }

  private static List<String> list(Map<String, String> values, String key) {
    List<String> items = new ArrayList<>();
    for (String item : values.get(key).split(",")) {
      if (!item.isBlank()) {
        items.add(item.trim());
      }
    }
    if (items.isEmpty()) {
      throw new IllegalArgumentException(
          "Empty " + key + ": give at least one value, such as " + DEFAULTS.get(key));
    }
    return items;
  }

  private static int number(Map<String, String> values, String key, int minimum) {
    return number(key, values.get(key), minimum);
  }

  private static int number(String key, String value, int minimum) {
    try {
      int number = Integer.parseInt(value.replace("_", "").replace(",", ""));
      if (number >= minimum) {
        return number;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("Invalid " + key + " '" + value
        + "': use a whole number of at least " + minimum + " (default " + DEFAULTS.get(key) + ")");
  }

  private static Duration duration(String key, String value) {
    try {
      Duration duration = Durations.parse(value);
      if (!duration.isNegative() && !duration.isZero()) {
        return duration;
      }
    } catch (RuntimeException e) {
      // reported below
    }
    throw new IllegalArgumentException("Invalid " + key + " '" + value
        + "': use a duration such as 30s or 2m " + "(default " + DEFAULTS.get(key) + ")");
  }
}
