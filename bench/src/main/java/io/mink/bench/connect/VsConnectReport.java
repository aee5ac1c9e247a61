package io.mink.bench.connect;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Prints the comparison of Mink and Iceberg's Kafka Connect sink: a table of every phase, the sink's start and
 * commits, the speed targets with pass or miss, and one summary line to compare runs by.
 */
final class VsConnectReport {
  private static final String ROW = "%-40s %11s %8s %8s %15s %15s%n";
  /** Typed records at 5x the sink's records per second or more, at 6 CPU-seconds per million or less. */
  static final Target TYPED = new Target("typed", 5, 6);
  /** Raw records at 10x the sink's records per second or more, at 2 CPU-seconds per million or less. */
  static final Target RAW = new Target("raw", 10, 2);

  /** A target: at least {@code times} the sink's records per second, at most {@code cpuSecondsPerMillion}. */
  record Target(String name, double times, double cpuSecondsPerMillion) {}

  private final PrintStream out;

  VsConnectReport(PrintStream out) {
    this.out = out;
  }

  void table(List<PhaseFigures> phases) {
    out.println();
    out.printf(ROW, "phase", "records/s", "MB/s", "time s", "CPU-s/M process", "CPU-s/M threads");
    for (PhaseFigures phase : phases) {
      out.printf(
          ROW,
          phase.name(),
          format("%,.0f", phase.recordsPerSecond()),
          format("%.1f", phase.megabytesPerSecond()),
          format("%.2f", phase.nanos() / 1e9),
          number(phase.processCpuSecondsPerMillion()),
          number(phase.threadCpuSecondsPerMillion()));
    }
    out.println(
        "(CPU-s/M: CPU-seconds per million records. process: this JVM over the timed part for the fetch"
            + " limits and Mink, the in-process broker's fetch serving and GC included; the worker JVM for the sink."
            + " threads: the fetching and writing threads only, no GC, no broker)");
    out.flush();
  }

  void sink(SinkOutcome sink) {
    out.printf(
        "sink: %.1f s and %s CPU-s from the worker JVM's launch until its task ran (not counted above);"
            + " %d commit(s) with rows%n",
        sink.startupNanos() / 1e9, number(sink.startupCpuNanos() / 1e9), sink.commits());
    out.printf(
        "sink: between its first and its last commit (its warm-up and the wait for the first commit left out):"
            + " %s records/s, %s CPU-s per million%n",
        Double.isNaN(sink.steadyRecordsPerSecond())
            ? "- (one commit)"
            : format("%,.0f", sink.steadyRecordsPerSecond()),
        number(sink.steadyCpuSecondsPerMillion()));
    out.printf(
        "sink: meanwhile this JVM (the broker serving the sink, the table read every 500 ms) used %s CPU-s per"
            + " million records, other processes %s cores%n",
        number(
            sink.brokerCpuNanos() < 0 ? Double.NaN : sink.brokerCpuNanos() / 1e3 / sink.records()),
        sink.otherCpuNanos() < 0
            ? "-"
            : format("%.2f", sink.otherCpuNanos() / (double) sink.runNanos()));
    out.flush();
  }

  /** The targets with pass or miss, then the summary line. */
  void summary(PhaseFigures typed, PhaseFigures raw, PhaseFigures sink) {
    out.println();
    out.println(
        "Targets (information only: the benchmark fails on wrong row counts, never on speed):");
    target(TYPED, typed, sink);
    target(RAW, raw, sink);
    out.printf(
        Locale.ROOT,
        "summary: typed_rec_s=%.0f typed_cpu_s_per_m=%.2f raw_rec_s=%.0f raw_cpu_s_per_m=%.2f sink_rec_s=%.0f"
            + " typed_vs_sink=%.2f raw_vs_sink=%.2f%n",
        typed.recordsPerSecond(),
        typed.processCpuSecondsPerMillion(),
        raw.recordsPerSecond(),
        raw.processCpuSecondsPerMillion(),
        sink.recordsPerSecond(),
        typed.recordsPerSecond() / sink.recordsPerSecond(),
        raw.recordsPerSecond() / sink.recordsPerSecond());
    out.flush();
  }

  private void target(Target target, PhaseFigures mink, PhaseFigures sink) {
    double times = mink.recordsPerSecond() / sink.recordsPerSecond();
    double cpu = mink.processCpuSecondsPerMillion();
    out.printf(
        Locale.ROOT,
        "  %-5s %5.2fx the sink's records/s (target >= %.0fx: %s); %5.2f CPU-s per million (target <= %.0f: %s)%n",
        target.name(),
        times,
        target.times(),
        times >= target.times() ? "pass" : "miss",
        cpu,
        target.cpuSecondsPerMillion(),
        cpu <= target.cpuSecondsPerMillion() ? "pass" : "miss");
  }

  private static String number(double value) {
    return Double.isNaN(value) ? "-" : format("%.2f", value);
  }

  private static String format(String pattern, Object value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
