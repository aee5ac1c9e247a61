package io.mink.bench.connect;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * Prints the comparison of Mink and Iceberg's Kafka Connect sink: a table of every phase, what {@code mink serve}
 * and the sink spent on their start, both of Mink's figures against the sink's with the aims and pass or
 * miss, and one summary line to compare runs by.
 */
final class VsConnectReport {
  private static final String ROW = "%-40s %11s %8s %8s %15s %15s%n";
  private static final String VERSUS = "  %-24s %11s %8s %9s %8s%n";

  /** Typed rounds: at least 5x the sink's records per second, at most 6 CPU-seconds per million. */
  static final Aim TYPED_ROUNDS = new Aim("typed, rounds only", 5, 6);
  /** Typed, the whole mink serve JVM: at least 5x the sink's records per second, at most 9 CPU-seconds per million. */
  static final Aim TYPED_SERVE = new Aim("typed, mink serve", 5, 9);
  /** Raw rounds: at least 10x the sink's records per second, at most 2.5 CPU-seconds per million. */
  static final Aim RAW_ROUNDS = new Aim("raw, rounds only", 10, 2.5);
  /** Raw, the whole mink serve JVM: at least 10x the sink's records per second; no CPU aim. */
  static final Aim RAW_SERVE = new Aim("raw, mink serve", 10, Double.NaN);

  /** The record count the aims are stated for. */
  static final long AIMS_RECORDS = 10_000_000L;

  /**
   * An aim of the issue: at least {@code times} the sink's records per second, at most
   * {@code cpuSecondsPerMillion} (NaN: none).
   */
  record Aim(String name, double times, double cpuSecondsPerMillion) {}

  /** Mink's four figures of one run. */
  record MinkFigures(
      PhaseFigures typedRounds,
      PhaseFigures typedServe,
      PhaseFigures rawRounds,
      PhaseFigures rawServe) {}

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
        "(CPU-s/M: CPU-seconds per million records. process: for the fetch limits and (c) this JVM over the timed"
            + " part, the in-process broker's fetch serving and GC included; for (d) the mink serve JVM and for (e)"
            + " the Kafka Connect worker JVM, each from its launch, its start, JIT and GC included. time: (d) from"
            + " mink table add and (e) from adding the connector to the running worker, until the commit that holds"
            + " every record. threads: the fetching and writing threads only, no GC, no broker)");
    out.flush();
  }

  /** The lines under a mink serve phase: its start, the table add, its rounds and the rest of the machine. */
  void serve(ServeOutcome serve, String checked) {
    out.printf(
        "   mink serve: %.1f s and %s CPU-s from its launch until it served; mink table add ran %.1f s (%s CPU-s in a"
            + " JVM of its own, not counted); %d round(s) committed; the table holds %,d rows, one per offset%s%n",
        serve.startupNanos() / 1e9,
        seconds(serve.startupCpuNanos()),
        serve.tableAddNanos() / 1e9,
        seconds(serve.tableAddCpuNanos()),
        serve.rounds(),
        serve.records(),
        checked);
    out.printf(
        "   meanwhile this JVM (the broker serving mink serve, the registry, the table read every %d ms) used %s"
            + " CPU-s per million records, other processes %s cores%n",
        ConnectSinkRun.COMMIT_POLL.toMillis(),
        perMillion(serve.brokerCpuNanos(), serve.records()),
        cores(serve.otherCpuNanos(), serve.userNanos()));
    out.flush();
  }

  void sink(SinkOutcome sink) {
    out.printf(
        "sink: %.1f s and %s CPU-s from the worker JVM's launch until its REST API answered (in its CPU-s/M above);"
            + " its task ran %.1f s after the connector was added; %d commit(s) with rows%n",
        sink.startupNanos() / 1e9,
        seconds(sink.startupCpuNanos()),
        sink.taskStartNanos() / 1e9,
        sink.commits());
    out.printf(
        "sink: from its task's start to its last commit (Connect's start and the task's start left out): %s"
            + " records/s, %s CPU-s per million%n",
        format("%,.0f", sink.records() * 1e9 / sink.runNanos()),
        perMillion(sink.runCpuNanos(), sink.records()));
    out.printf(
        "sink: between its first and its last commit (its warm-up and the wait for the first commit left out too):"
            + " %s records/s, %s CPU-s per million%n",
        Double.isNaN(sink.steadyRecordsPerSecond())
            ? "- (one commit)"
            : format("%,.0f", sink.steadyRecordsPerSecond()),
        number(sink.steadyCpuSecondsPerMillion()));
    out.printf(
        "sink: meanwhile this JVM (the broker serving the sink, the table read every %d ms) used %s CPU-s per"
            + " million records, other processes %s cores%n",
        ConnectSinkRun.COMMIT_POLL.toMillis(),
        perMillion(sink.brokerCpuNanos(), sink.records()),
        cores(sink.otherCpuNanos(), sink.userNanos()));
    out.flush();
  }

  /** Both of Mink's figures against the sink's, the aims with pass or miss, then the summary line. */
  void summary(MinkFigures mink, PhaseFigures sink) {
    out.println();
    out.println(
        "Mink against the sink, both measured the user's way for (d) and (e): x sink = records/s over the sink's,"
            + " / sink = CPU-s per million over the sink's");
    out.printf(VERSUS, "", "records/s", "x sink", "CPU-s/M", "/ sink");
    versus("typed, rounds only (c)", mink.typedRounds(), sink);
    versus("typed, mink serve (d)", mink.typedServe(), sink);
    versus("raw, rounds only (c)", mink.rawRounds(), sink);
    versus("raw, mink serve (d)", mink.rawServe(), sink);
    versus("sink (e)", sink, sink);
    out.println();
    out.printf(
        Locale.ROOT,
        "Aims (information only: the benchmark fails on wrong row counts, never on speed; stated for %,d records,"
            + " this run has %,d):%n",
        AIMS_RECORDS,
        sink.records());
    aim(TYPED_ROUNDS, mink.typedRounds(), sink);
    aim(TYPED_SERVE, mink.typedServe(), sink);
    aim(RAW_ROUNDS, mink.rawRounds(), sink);
    aim(RAW_SERVE, mink.rawServe(), sink);
    out.printf(
        Locale.ROOT,
        "summary: typed_rec_s=%.0f typed_cpu_s_per_m=%.2f raw_rec_s=%.0f raw_cpu_s_per_m=%.2f sink_rec_s=%.0f"
            + " typed_vs_sink=%.2f raw_vs_sink=%.2f typed_serve_rec_s=%.0f typed_serve_cpu_s_per_m=%.2f"
            + " raw_serve_rec_s=%.0f raw_serve_cpu_s_per_m=%.2f sink_cpu_s_per_m=%.2f typed_serve_vs_sink=%.2f"
            + " raw_serve_vs_sink=%.2f%n",
        mink.typedRounds().recordsPerSecond(),
        mink.typedRounds().processCpuSecondsPerMillion(),
        mink.rawRounds().recordsPerSecond(),
        mink.rawRounds().processCpuSecondsPerMillion(),
        sink.recordsPerSecond(),
        mink.typedRounds().recordsPerSecond() / sink.recordsPerSecond(),
        mink.rawRounds().recordsPerSecond() / sink.recordsPerSecond(),
        mink.typedServe().recordsPerSecond(),
        mink.typedServe().processCpuSecondsPerMillion(),
        mink.rawServe().recordsPerSecond(),
        mink.rawServe().processCpuSecondsPerMillion(),
        sink.processCpuSecondsPerMillion(),
        mink.typedServe().recordsPerSecond() / sink.recordsPerSecond(),
        mink.rawServe().recordsPerSecond() / sink.recordsPerSecond());
    out.flush();
  }

  private void versus(String name, PhaseFigures mink, PhaseFigures sink) {
    double cpu = mink.processCpuSecondsPerMillion();
    out.printf(
        VERSUS,
        name,
        format("%,.0f", mink.recordsPerSecond()),
        format("%.2f", mink.recordsPerSecond() / sink.recordsPerSecond()),
        number(cpu),
        number(cpu / sink.processCpuSecondsPerMillion()));
  }

  private void aim(Aim aim, PhaseFigures mink, PhaseFigures sink) {
    double times = mink.recordsPerSecond() / sink.recordsPerSecond();
    double cpu = mink.processCpuSecondsPerMillion();
    String cpuAim = Double.isNaN(aim.cpuSecondsPerMillion())
        ? "no aim"
        : "aim <= " + plain(aim.cpuSecondsPerMillion()) + ": "
            + (cpu <= aim.cpuSecondsPerMillion() ? "met" : "missed");
    out.printf(
        Locale.ROOT,
        "  %-20s %6.2fx the sink's records/s (aim >= %sx: %s); %6.2f CPU-s per million (%s)%n",
        aim.name() + ":",
        times,
        plain(aim.times()),
        times >= aim.times() ? "met" : "missed",
        cpu,
        cpuAim);
  }

  /** 6 as "6", 2.5 as "2.5". */
  private static String plain(double value) {
    return value == Math.rint(value) ? format("%.0f", value) : format("%s", value);
  }

  private static String perMillion(long nanos, long records) {
    return nanos < 0 ? "-" : format("%.2f", nanos / 1e3 / records);
  }

  private static String seconds(long nanos) {
    return nanos < 0 ? "-" : format("%.1f", nanos / 1e9);
  }

  private static String cores(long cpuNanos, long wallNanos) {
    return cpuNanos < 0 ? "-" : format("%.2f", cpuNanos / (double) wallNanos);
  }

  private static String number(double value) {
    return Double.isNaN(value) ? "-" : format("%.2f", value);
  }

  private static String format(String pattern, Object value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
