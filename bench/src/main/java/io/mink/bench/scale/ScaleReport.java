package io.mink.bench.scale;

import io.mink.bench.ResourceMeter;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The scale model's printed figures, each beside its aim where it has one. */
final class ScaleReport {
  private static final double MIB = 1024.0 * 1024.0;

  /**
   * One instance's heap reading.
   *
   * @param tables the tables its statuses name as owned when it was read
   */
  record HeapRow(int instance, int tables, LiveHeap.Reading heap, int threads, long openFiles) {
    double kibPerTable() {
      return tables == 0 ? Double.NaN : heap.usedBytes() / 1024.0 / tables;
    }

    /** The heap beyond an instance with no tables, per table. */
    double marginalKibPerTable(long emptyHeap) {
      return tables == 0 ? Double.NaN : (heap.usedBytes() - emptyHeap) / 1024.0 / tables;
    }
  }

  private ScaleReport() {}

  static void launch(
      PrintStream out,
      List<ServeInstance> instances,
      StatusWatch watch,
      StatusWatch.Phase phase,
      Instant launched,
      Duration allOn) {
    for (ServeInstance instance : instances) {
      out.printf(
          Locale.ROOT,
          "   instance %d (pid %d, %s): serving after %.1f s; tables topic read at startup: %,d tables in %,d ms"
              + " (logged %.1f s after launch)%n",
          instance.number(),
          instance.pid(),
          instance.instanceId(),
          (instance.servingAtMillis() - launched.toEpochMilli()) / 1000.0,
          instance.tablesRead(),
          instance.tablesReadMillis(),
          instance.tablesReadAtMillis() < 0
              ? Double.NaN
              : (instance.tablesReadAtMillis() - launched.toEpochMilli()) / 1000.0);
    }
    out.printf(
        Locale.ROOT,
        "   every table taken by an owner: %s after launch%n",
        seconds(last(watch.ownedTimes(phase).values(), launched, phase.size())));
    printSpread(out, "on their schedule", watch.onScheduleTimes(phase).values(), launched);
    out.printf(
        Locale.ROOT,
        "   EVERY TABLE ON ITS SCHEDULE: %s after launch (aim: within %d s) -> %s%n",
        seconds(allOn),
        ScaleModelBenchmark.AIM_ON_SCHEDULE.toSeconds(),
        allOn != null && allOn.compareTo(ScaleModelBenchmark.AIM_ON_SCHEDULE) <= 0
            ? "met"
            : "MISSED");
    out.printf("   load average: %s%n", ResourceMeter.loadAverages());
    out.flush();
  }

  static void steady(
      PrintStream out,
      List<ServeInstance> instances,
      long rounds,
      double expectedRoundsPerSecond,
      Duration window,
      long[] cpuFrom,
      long[] cpuTo,
      long benchmarkCpu,
      long machineBusy,
      ActiveProducer producer) {
    double wall = window.toNanos();
    long sidecarCpu = 0;
    StringBuilder each = new StringBuilder();
    for (int i = 0; i < instances.size(); i++) {
      long used = cpuTo[i] - cpuFrom[i];
      sidecarCpu += used;
      each.append(String.format(
          Locale.ROOT, "%s%d: %.2f", each.length() == 0 ? "" : ", ", i + 1, used / wall));
    }
    out.printf(
        Locale.ROOT,
        "== steady state over %d s: %,d rounds finished, %.1f a second (every table once a freshness: %.1f a second)%n",
        window.toSeconds(),
        rounds,
        rounds / (wall / 1e9),
        expectedRoundsPerSecond);
    out.printf(
        Locale.ROOT,
        "   cores busy: sidecars %.2f (%s), broker+benchmark %.2f, other processes %.2f; %.1f ms of sidecar CPU"
            + " a round%n",
        sidecarCpu / wall,
        each,
        benchmarkCpu / wall,
        Math.max(0, (machineBusy - sidecarCpu - benchmarkCpu) / wall),
        rounds == 0 ? Double.NaN : sidecarCpu / 1e6 / rounds);
    out.printf(
        Locale.ROOT,
        "   producer: %,d records written to the active tables so far, %,d failed; load average %s%n",
        producer.sent(),
        producer.failed(),
        ResourceMeter.loadAverages());
    out.flush();
  }

  static void heap(PrintStream out, String title, List<HeapRow> rows, long emptyHeap) {
    out.printf(
        Locale.ROOT,
        "== %s (live heap: jcmd GC.run, then GC.heap_info; an instance with no tables: %.1f MiB)%n",
        title,
        emptyHeap / MIB);
    out.println(
        "   instance  tables  live heap MiB  KiB/table  KiB/table beyond empty  committed MiB  metaspace MiB"
            + "  threads  open files");
    for (HeapRow row : rows) {
      out.printf(
          Locale.ROOT,
          "   %8d %7d %14.1f %10.1f %23.1f %14.1f %14.1f %8d %11d%n",
          row.instance(),
          row.tables(),
          row.heap().usedBytes() / MIB,
          row.kibPerTable(),
          row.marginalKibPerTable(emptyHeap),
          row.heap().committedBytes() / MIB,
          row.heap().metaspaceBytes() / MIB,
          row.threads(),
          row.openFiles());
    }
    out.flush();
  }

  static void balance(
      PrintStream out, String title, Map<String, Integer> byOwner, List<ServeInstance> instances) {
    Map<String, Integer> numbers = new HashMap<>();
    instances.forEach(instance -> numbers.put(instance.instanceId(), instance.number()));
    List<String> shares = new ArrayList<>();
    List<Integer> counts = new ArrayList<>();
    int others = 0;
    for (ServeInstance instance : instances) {
      int count = byOwner.getOrDefault(instance.instanceId(), 0);
      counts.add(count);
      shares.add(String.format(Locale.ROOT, "instance %d: %,d", instance.number(), count));
    }
    for (Map.Entry<String, Integer> entry : byOwner.entrySet()) {
      if (!numbers.containsKey(entry.getKey())) {
        others += entry.getValue();
      }
    }
    int min = counts.stream().mapToInt(Integer::intValue).min().orElse(0);
    int max = counts.stream().mapToInt(Integer::intValue).max().orElse(0);
    double mean = counts.stream().mapToInt(Integer::intValue).average().orElse(0);
    out.printf(
        Locale.ROOT,
        "== %s: %s; max/mean %.2f, min/mean %.2f%s%n",
        title,
        String.join(", ", shares),
        max / mean,
        min / mean,
        others == 0
            ? ""
            : String.format(Locale.ROOT, "; %,d still named by another owner", others));
    out.flush();
  }

  static void takeover(
      PrintStream out,
      StatusWatch watch,
      StatusWatch.Phase phase,
      Instant killed,
      Duration allBack) {
    out.printf(
        Locale.ROOT,
        "   every orphaned table taken by a surviving instance: %s after the kill%n",
        seconds(last(watch.ownedTimes(phase).values(), killed, phase.size())));
    printSpread(out, "back on their schedule", watch.onScheduleTimes(phase).values(), killed);
    out.printf(
        Locale.ROOT,
        "   EVERY ORPHANED TABLE ON ITS SCHEDULE AGAIN: %s after the kill (session_timeout 10 s by default)%n",
        seconds(allBack));
    out.printf("   load average: %s%n", ResourceMeter.loadAverages());
    out.flush();
  }

  static void failures(PrintStream out, StatusWatch watch) {
    Map<String, String> failed = watch.failed();
    Map<String, Long> reasons = failed.values().stream()
        .collect(Collectors.groupingBy(reason -> reason, Collectors.counting()));
    out.printf(
        Locale.ROOT,
        "== statuses: %,d read; %,d carried an error; %,d tables failed now%s%n",
        watch.records(),
        watch.failedStatuses(),
        failed.size(),
        reasons.isEmpty() ? "" : ": " + reasons);
    out.flush();
  }

  static void summary(
      PrintStream out,
      ScaleOptions options,
      ScaleTables tables,
      List<ServeInstance> instances,
      Duration allOn,
      List<HeapRow> before,
      List<HeapRow> after,
      long emptyHeap,
      Duration allBack) {
    double worstKib = before.stream()
        .mapToDouble(HeapRow::kibPerTable)
        .filter(v -> !Double.isNaN(v))
        .max()
        .orElse(Double.NaN);
    double worstMarginal = before.stream()
        .mapToDouble(row -> row.marginalKibPerTable(emptyHeap))
        .filter(v -> !Double.isNaN(v))
        .max()
        .orElse(Double.NaN);
    long slowestRead =
        instances.stream().mapToLong(ServeInstance::tablesReadMillis).max().orElse(-1);
    out.println("== summary");
    out.printf(
        Locale.ROOT,
        "   %,d tables (%,d partitions, %,d active), %d instances%n",
        options.tables(),
        tables.partitionCount(),
        options.activeTables(),
        options.instances());
    out.printf(
        Locale.ROOT,
        "   every table on its schedule after launch: %s   aim <= %d s   %s%n",
        seconds(allOn),
        ScaleModelBenchmark.AIM_ON_SCHEDULE.toSeconds(),
        allOn != null && allOn.compareTo(ScaleModelBenchmark.AIM_ON_SCHEDULE) <= 0
            ? "met"
            : "MISSED");
    out.printf(
        Locale.ROOT,
        "   live heap per table (worst instance): %.1f KiB, %.1f KiB beyond an empty instance   aim <= %d KiB   %s%n",
        worstKib,
        worstMarginal,
        ScaleModelBenchmark.AIM_HEAP_PER_TABLE_BYTES / 1024,
        worstKib <= ScaleModelBenchmark.AIM_HEAP_PER_TABLE_BYTES / 1024.0 ? "met" : "MISSED");
    out.printf(Locale.ROOT, "   slowest first read of the tables topic: %,d ms%n", slowestRead);
    out.printf(
        Locale.ROOT,
        "   orphaned tables on their schedule again after the kill: %s%n",
        seconds(allBack));
    out.printf(
        Locale.ROOT,
        "   tables per instance after launch: %s; after the kill: %s%n",
        before.stream()
            .map(row -> Integer.toString(row.tables()))
            .collect(Collectors.joining(", ")),
        after.stream()
            .map(row -> Integer.toString(row.tables()))
            .collect(Collectors.joining(", ")));
    out.printf("   load average at the end: %s%n", ResourceMeter.loadAverages());
    out.flush();
  }

  /** The 50th, 90th, 99th percentile and the last of the times, from {@code from}. */
  private static void printSpread(
      PrintStream out, String what, Collection<Instant> times, Instant from) {
    List<Double> seconds = times.stream()
        .map(at -> Duration.between(from, at).toMillis() / 1000.0)
        .sorted()
        .toList();
    if (seconds.isEmpty()) {
      out.println("   no table " + what);
      return;
    }
    out.printf(
        Locale.ROOT,
        "   %,d tables %s; after p50 %.1f s, p90 %.1f s, p99 %.1f s, last %.1f s%n",
        seconds.size(),
        what,
        percentile(seconds, 0.5),
        percentile(seconds, 0.9),
        percentile(seconds, 0.99),
        seconds.get(seconds.size() - 1));
  }

  private static double percentile(List<Double> sorted, double fraction) {
    int index = (int) Math.ceil(fraction * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  /** The latest of the times, when there are {@code expected} of them; null when some are missing. */
  private static Duration last(Collection<Instant> times, Instant from, int expected) {
    if (times.size() < expected) {
      return null;
    }
    return times.stream()
        .max(Instant::compareTo)
        .map(at -> Duration.between(from, at))
        .orElse(null);
  }

  private static String seconds(Duration duration) {
    return duration == null
        ? "not reached"
        : String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
  }
}
