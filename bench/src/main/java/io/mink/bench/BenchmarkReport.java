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
import java.util.Map;
import java.util.stream.Collectors;

/** Prints the benchmark's setup, each phase as it ends, and the final tables. */
final class BenchmarkReport {
  private static final String SPEED_ROW = "%-28s %11s %8s %8s %16s %16s%n";
  private static final String COST_ROW = "%-28s %10s %10s %10s %8s %10s %13s%n";
  /** Other processes' cores above which the figures are called disturbed. */
  private static final double DISTURBED_CORES = 0.2;

  private final PrintStream out;
  private final int records;
  private final int valueBytes;
  private final int partitions;
  private final int lanes;

  BenchmarkReport(PrintStream out, int records, int valueBytes, int partitions, int lanes) {
    this.out = out;
    this.records = records;
    this.valueBytes = valueBytes;
    this.partitions = partitions;
    this.lanes = lanes;
  }

  void header(Map<String, String> tableOptions) {
    Runtime runtime = Runtime.getRuntime();
    String collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", "));
    out.println("== Mink raw indexing benchmark, "
        + ZonedDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    out.printf("   JVM        %s %s (%s), max heap %,d MB, GC %s%n", System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"), System.getProperty("os.arch"), runtime.maxMemory() / 1_000_000,
        collectors);
    out.printf("   JVM flags  %s%n", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    out.printf("   cores      %d available; Mink writer lanes %d (its default); load average %.2f%n",
        runtime.availableProcessors(), lanes, ResourceMeter.loadAverage());
    out.printf("   records    %,d, %d partitions; key 16 B, value %d B, 1 header (\"source\" + 14 B) = %d B each%n",
        records, partitions, valueBytes, 16 + valueBytes + 6 + 14);
    out.println("   tables     Mink's layout" + (tableOptions.isEmpty() ? "" : " with options " + tableOptions));
    out.println("   MB = 10^6 bytes of key + value + headers; the columns are explained in docs/benchmarks.md");
    out.flush();
  }

  void produced(Throughput produced) {
    out.printf("== 0 produced %,d records in %.1f s: %,.0f records/s, %.1f MB/s (generation included)%n",
        produced.records(), produced.seconds(), produced.recordsPerSecond(), produced.megabytesPerSecond());
    out.flush();
  }

  void warmUp(Throughput fetch) {
    out.printf("== fetch warm-up pass (not counted): %,.0f records/s, %.1f MB/s%n", fetch.recordsPerSecond(),
        fetch.megabytesPerSecond());
    out.flush();
  }

  void pass(int pass, int passes) {
    if (passes > 1) {
      out.printf("== pass %d of %d%n", pass, passes);
      out.flush();
    }
  }

  PhaseResult phase(PhaseResult phase) {
    Throughput throughput = phase.throughput();
    out.printf("== %s: %,d records in %.2f s: %,.0f records/s, %.1f MB/s; GC %,d ms; cores busy %.2f, others %.2f%n",
        phase.name(), throughput.records(), throughput.seconds(), throughput.recordsPerSecond(),
        throughput.megabytesPerSecond(), phase.resources().gcMillis(), phase.coresBusy(), phase.otherCoresBusy());
    out.flush();
    return phase;
  }

  void mink(Outcome outcome) {
    out.printf("   Mink committed %,d rows in %d round(s), %d data file(s); "
        + "snapshot total-records %,d = produced %,d%n",
        outcome.throughput().records(), outcome.rounds(), outcome.files(), outcome.committedRows(), records);
    out.flush();
  }

  void summary(int passes, PhaseResult fetch, PhaseResult writeOne, PhaseResult writeLanes, PhaseResult mink,
      Outcome minkOutcome) {
    List<PhaseResult> phases = List.of(fetch, writeOne, writeLanes, mink);
    PhaseResult write = writeLanes.recordsPerSecond() >= writeOne.recordsPerSecond() ? writeLanes : writeOne;
    PhaseResult limit = fetch.recordsPerSecond() <= write.recordsPerSecond() ? fetch : write;
    double ratio = mink.recordsPerSecond() / limit.recordsPerSecond();

    out.println();
    if (passes > 1) {
      out.printf("Each phase's fastest of %d passes:%n", passes);
    }
    out.printf(SPEED_ROW, "phase", "records/s", "MB/s", "time s", "fetch CPU us/rec", "write CPU us/rec");
    for (PhaseResult phase : phases) {
      Throughput throughput = phase.throughput();
      out.printf(SPEED_ROW, phase.name(), format("%,.0f", throughput.recordsPerSecond()),
          format("%.1f", throughput.megabytesPerSecond()), format("%.2f", throughput.seconds()),
          micros(throughput.cpu().fetchNanos(), throughput.records()),
          micros(throughput.cpu().writeNanos(), throughput.records()));
    }
    out.println();
    out.printf(COST_ROW, "phase", "heap MB", "old gen MB", "live MB", "GC ms", "cores busy", "cores others");
    for (PhaseResult phase : phases) {
      ResourceUse resources = phase.resources();
      out.printf(COST_ROW, phase.name(), megabytes(resources.peakHeapBytes()),
          megabytes(resources.peakOldGenerationBytes()), megabytes(resources.peakLiveBytes()),
          format("%,d", resources.gcMillis()), format("%.2f", phase.coresBusy()),
          format("%.2f", phase.otherCoresBusy()));
    }
    out.printf("(peaks per phase; live = most heap in use after a full GC, - if none ran; "
        + "max heap of the JVM %,d MB)%n", Runtime.getRuntime().maxMemory() / 1_000_000);
    out.println();
    if (passes > 1) {
      mink(minkOutcome);
    }
    out.printf("write limit b = %s (the better of the two write runs)%n", write.name());
    out.printf("limit min(a, b) = %s, %,.0f records/s%n", limit.name(), limit.recordsPerSecond());
    out.printf("ratio c / min(a, b) = %.2f (aim: at least 0.5)%n", ratio);
    double others = phases.stream().mapToDouble(PhaseResult::otherCoresBusy).max().orElse(-1);
    if (others > DISTURBED_CORES) {
      out.printf("WARNING: other processes kept up to %.2f cores busy during a phase: the speeds are disturbed;"
          + " run again on a quiet machine (the CPU per record is less affected)%n", others);
    }
    out.flush();
  }

  private static String megabytes(long bytes) {
    return bytes < 0 ? "-" : format("%,d", bytes / 1_000_000);
  }

  private static String micros(long nanos, long records) {
    double micros = CpuSplit.microsPerRecord(nanos, records);
    return Double.isNaN(micros) ? "-" : format("%.2f", micros);
  }

  private static String format(String pattern, Object value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
