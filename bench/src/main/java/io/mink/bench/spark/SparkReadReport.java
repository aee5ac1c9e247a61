package io.mink.bench.spark;

import io.mink.bench.ResourceMeter;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints the figures of bench/spark-read, each against the limit it is compared to (docs/benchmarks/spark-read.md). */
final class SparkReadReport {
  private static final String ROW = "%-44s %10s %10s %10s %12s  %s%n";

  /** The union read may take at most this many times Iceberg's read of the lake alone. */
  static final double UNION_AIM = 1.3;

  /** Two executors should read the tail at least this many times faster than one. */
  static final double SCALE_AIM = 1.7;

  private final PrintStream out;

  SparkReadReport(PrintStream out) {
    this.out = out;
  }

  void line(String text) {
    out.println(text);
    out.flush();
  }

  /** A part's heading with the machine's load averages as it starts. */
  void part(String title) {
    out.println();
    out.println("== " + title);
    out.println("   load " + ResourceMeter.loadAverages() + " at start");
    out.printf(ROW, "", "median ms", "min ms", "max ms", "rows/s", "answer");
    out.flush();
  }

  void runs(TimedRuns runs, long rows) {
    out.printf(
        ROW,
        runs.name(),
        millis(runs.medianMillis()),
        millis(runs.minMillis()),
        millis(runs.maxMillis()),
        rows < 0 ? "" : String.format(Locale.ROOT, "%,.0f", rows / (runs.medianMillis() / 1e3)),
        runs.answer().stream()
            .map(value -> String.format(Locale.ROOT, "%,d", value))
            .collect(Collectors.joining(", ")));
    out.printf(
        "   runs ms: %s%n",
        runs.millis().stream().map(SparkReadReport::millis).collect(Collectors.joining(" ")));
    out.flush();
  }

  void unionVsLake(UnionVsLake a) {
    double count = a.unionCount().medianMillis() / a.icebergCount().medianMillis();
    double scan = a.unionScan().medianMillis() / a.icebergScan().medianMillis();
    out.println();
    out.printf(
        Locale.ROOT,
        "(A) union / Iceberg lake-only: count(*) %s / %s ms = %.2fx; scan %s / %s ms = %.2fx"
            + " (aim: at most %.1fx) %s%n",
        millis(a.unionCount().medianMillis()),
        millis(a.icebergCount().medianMillis()),
        count,
        millis(a.unionScan().medianMillis()),
        millis(a.icebergScan().medianMillis()),
        scan,
        UNION_AIM,
        Math.max(count, scan) <= UNION_AIM ? "met" : "NOT met");
    out.printf(
        Locale.ROOT,
        "    Mink's own lake read / Iceberg's: count(*) %.2fx, scan %.2fx%n",
        a.lakeCount().medianMillis() / a.icebergCount().medianMillis(),
        a.lakeScan().medianMillis() / a.icebergScan().medianMillis());
    out.flush();
  }

  void scaleOut(TailScaleOut b, long tailRecords) {
    out.println();
    out.printf(
        Locale.ROOT,
        "(B) tail of %,d records in %d input partitions (tail_split_records %,d): one executor %s ms,"
            + " two %s ms = %.2fx faster (aim: at least %.1fx) %s%n",
        tailRecords,
        b.inputPartitions(),
        b.splitRecords(),
        millis(b.one().medianMillis()),
        millis(b.two().medianMillis()),
        b.speedUp(),
        SCALE_AIM,
        b.speedUp() >= SCALE_AIM ? "met" : "NOT met");
    out.printf(
        Locale.ROOT,
        "    executors' task CPU of one read: one executor %.0f ms in %d tasks, two %.0f ms in %d tasks;"
            + " machine: %d cores, shared by the executors, the driver, the broker and other work%n",
        b.oneCpu().cpuNanos() / 1e6,
        b.oneCpu().tasks(),
        b.twoCpu().cpuNanos() / 1e6,
        b.twoCpu().tasks(),
        Runtime.getRuntime().availableProcessors());
    out.flush();
  }

  void microBatch(MicroBatchDecode c) {
    out.println();
    out.printf(
        Locale.ROOT,
        "(C) micro-batch of %,d records: Spark %,.0f records/s per core (task CPU %.0f ms), %,.0f records/s"
            + " on its one core (median %s ms)%n",
        c.records(),
        c.sparkPerCore(),
        c.sparkCpu().cpuNanos() / 1e6,
        c.sparkPerSecond(),
        millis(c.spark().medianMillis()));
    out.printf(
        Locale.ROOT,
        "    limit: the round's decoding of the same records %,.0f records/s per core (thread CPU),"
            + " %,.0f records/s wall; Spark / round per core %.2f%n",
        c.roundPerCore(),
        c.roundPerSecond(),
        c.sparkPerCore() / c.roundPerCore());
    out.printf(
        "    round runs ms: %s%n",
        c.round().stream().map(run -> millis(run.nanos() / 1e6)).collect(Collectors.joining(" ")));
    out.flush();
  }

  void setup(List<String> lines) {
    lines.forEach(text -> out.println("   " + text));
    out.flush();
  }

  static String millis(double millis) {
    return String.format(Locale.ROOT, "%,.0f", millis);
  }
}
