package io.mink.bench;

import io.mink.bench.MinkEndToEnd.Outcome;
import io.mink.bench.ResourceMeter.ResourceUse;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints an indexing benchmark's setup, each phase as it ends, and the final tables (docs/benchmarks/raw-indexing.md, docs/benchmarks/registry-indexing.md). */
public final class BenchmarkReport {
  private static final String SPEED_ROW = "%-28s %11s %8s %8s %16s %16s%n";
  private static final String COST_ROW = "%-28s %10s %10s %10s %8s %10s %13s%n";
  /** Other processes' cores above which the figures are called disturbed. */
  private static final double DISTURBED_CORES = 0.2;

  private final PrintStream out;
  private final String benchmark;
  private final int lanes;

  /**
   * @param benchmark what the title calls it, such as "raw indexing"
   * @param lanes Mink's writer lanes
   */
  public BenchmarkReport(PrintStream out, String benchmark, int lanes) {
    this.out = out;
    this.benchmark = benchmark;
    this.lanes = lanes;
  }

  /** The JVM, the machine and its load, then the benchmark's own setup lines, such as "records ...". */
  public void header(List<String> setup) {
    Runtime runtime = Runtime.getRuntime();
    String collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName)
        .collect(Collectors.joining(", "));
    out.println("== Mink " + benchmark + " benchmark, "
        + ZonedDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    out.printf(
        "   JVM        %s %s (%s), max heap %,d MB, GC %s%n",
        System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"),
        System.getProperty("os.arch"),
        runtime.maxMemory() / 1_000_000,
        collectors);
    out.printf(
        "   JVM flags  %s%n",
        String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    out.printf(
        "   cores      %d available; Mink writer lanes %d (its default)%n",
        runtime.availableProcessors(), lanes);
    out.printf("   load       %s at start%n", ResourceMeter.loadAverages());
    setup.forEach(line -> out.println("   " + line));
    out.flush();
  }

  /**
   * Reports the produce step.
   *
   * @param included what the timing includes besides sending, such as "generation"
   */
  public void produced(Throughput produced, String included) {
    out.printf(
        "== 0 produced %,d records in %.1f s: %,.0f records/s, %.1f MB/s (%s included); %.0f B per record%n",
        produced.records(),
        produced.seconds(),
        produced.recordsPerSecond(),
        produced.megabytesPerSecond(),
        included,
        (double) produced.bytes() / produced.records());
    out.flush();
  }

  public void warmUp(Throughput fetch) {
    out.printf(
        "== fetch warm-up pass (not counted): %,.0f records/s, %.1f MB/s%n",
        fetch.recordsPerSecond(), fetch.megabytesPerSecond());
    out.flush();
  }

  public void writeWarmUp(Throughput write) {
    out.printf(
        "== write warm-up pass (not counted): %,d records, %,.0f records/s%n",
        write.records(), write.recordsPerSecond());
    out.flush();
  }

  public void pass(int pass, int passes) {
    if (passes > 1) {
      out.printf("== pass %d of %d%n", pass, passes);
      out.flush();
    }
  }

  public PhaseResult phase(PhaseResult phase) {
    Throughput throughput = phase.throughput();
    out.printf(
        "== %s: %,d records in %.2f s: %,.0f records/s, %.1f MB/s; GC %,d ms; cores busy %.2f, others %.2f%n",
        phase.name(),
        throughput.records(),
        throughput.seconds(),
        throughput.recordsPerSecond(),
        throughput.megabytesPerSecond(),
        phase.resources().gcMillis(),
        phase.coresBusy(),
        phase.otherCoresBusy());
    out.flush();
    return phase;
  }

  /**
   * Reports what Mink committed in its end-to-end pass.
   *
   * @param checked what was checked besides the row count, such as "; row 0 holds order 0", or ""
   */
  public void mink(Outcome outcome, long records, String checked) {
    out.printf(
        "   Mink committed %,d rows in %d round(s), %d data file(s), %d columns; "
            + "snapshot total-records %,d = produced %,d%s%n",
        outcome.throughput().records(),
        outcome.rounds(),
        outcome.files(),
        outcome.columns(),
        outcome.committedRows(),
        records,
        checked);
    out.flush();
  }

  /**
   * The speed and cost tables of phases a to c, the write limit b (the better write run), the limit min(a, b),
   * the ratio c / min(a, b) and the CPU ratio. With several passes, each phase's fastest and its Mink outcome.
   */
  public void summary(
      int passes,
      PhaseResult fetch,
      PhaseResult writeOne,
      PhaseResult writeLanes,
      PhaseResult mink,
      Outcome minkOutcome,
      long records,
      String checked) {
    List<PhaseResult> phases = List.of(fetch, writeOne, writeLanes, mink);
    PhaseResult write =
        writeLanes.recordsPerSecond() >= writeOne.recordsPerSecond() ? writeLanes : writeOne;
    PhaseResult limit = fetch.recordsPerSecond() <= write.recordsPerSecond() ? fetch : write;
    double ratio = mink.recordsPerSecond() / limit.recordsPerSecond();

    out.println();
    if (passes > 1) {
      out.printf("Each phase's fastest of %d passes:%n", passes);
    }
    speeds(phases);
    out.println();
    costs(phases);
    out.println();
    if (passes > 1) {
      mink(minkOutcome, records, checked);
    }
    out.printf("write limit b = %s (the better of the two write runs)%n", write.name());
    out.printf("limit min(a, b) = %s, %,.0f records/s%n", limit.name(), limit.recordsPerSecond());
    out.printf("ratio c / min(a, b) = %.2f (aim: at least 0.5)%n", ratio);
    cpuRatio(write.throughput(), mink.throughput());
    out.printf("load average %s at the end%n", ResourceMeter.loadAverages());
    double others =
        phases.stream().mapToDouble(PhaseResult::otherCoresBusy).max().orElse(-1);
    if (others > DISTURBED_CORES) {
      out.printf(
          "WARNING: other processes kept up to %.2f cores busy during a phase: the speeds are disturbed;"
              + " run again on a quiet machine (the CPU per record is less affected)%n",
          others);
    }
    out.flush();
  }

  private void speeds(List<PhaseResult> phases) {
    out.printf(
        SPEED_ROW, "phase", "records/s", "MB/s", "time s", "fetch CPU us/rec", "write CPU us/rec");
    for (PhaseResult phase : phases) {
      Throughput throughput = phase.throughput();
      out.printf(
          SPEED_ROW,
          phase.name(),
          format("%,.0f", throughput.recordsPerSecond()),
          format("%.1f", throughput.megabytesPerSecond()),
          format("%.2f", throughput.seconds()),
          micros(throughput.cpu().fetchNanos(), throughput.records()),
          micros(throughput.cpu().writeNanos(), throughput.records()));
    }
    out.println(
        "(fetch CPU: the fetching thread; for Mink also the round's row building, hand-off and commit)");
  }

  private void costs(List<PhaseResult> phases) {
    out.printf(
        COST_ROW,
        "phase",
        "heap MB",
        "old gen MB",
        "live MB",
        "GC ms",
        "cores busy",
        "cores others");
    for (PhaseResult phase : phases) {
      ResourceUse resources = phase.resources();
      out.printf(
          COST_ROW,
          phase.name(),
          megabytes(resources.peakHeapBytes()),
          megabytes(resources.peakOldGenerationBytes()),
          megabytes(resources.peakLiveBytes()),
          format("%,d", resources.gcMillis()),
          format("%.2f", phase.coresBusy()),
          format("%.2f", phase.otherCoresBusy()));
    }
    out.printf(
        "(peaks per phase; live = most heap in use after a full GC, - if none ran; "
            + "max heap of the JVM %,d MB)%n",
        Runtime.getRuntime().maxMemory() / 1_000_000);
  }

  /** b's write CPU per record over c's fetch + write CPU per record, where both are measured. */
  private void cpuRatio(Throughput write, Throughput mink) {
    if (write.cpu().writeNanos() > 0
        && mink.cpu().fetchNanos() > 0
        && mink.cpu().writeNanos() > 0) {
      double cpuRatio = (double) write.cpu().writeNanos()
          / write.records()
          / ((double) (mink.cpu().fetchNanos() + mink.cpu().writeNanos()) / mink.records());
      out.printf(
          "CPU ratio = %.2f: b's write CPU per record over c's fetch + write CPU per record, what c / b would"
              + " be if both had the cores to themselves, GC and the broker free; other processes barely move it%n",
          cpuRatio);
    }
  }

  private static String megabytes(long bytes) {
    return bytes < 0 ? "-" : format("%,d", bytes / 1_000_000);
  }

  private static String micros(long nanos, long records) {
    double micros = CpuSplit.microsPerRecord(nanos, records);
    return Double.isNaN(micros) ? "-" : format("%.2f", micros);
  }

  static String format(String pattern, Object value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
