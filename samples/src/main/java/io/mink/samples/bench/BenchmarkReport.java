package io.mink.samples.bench;

import io.mink.samples.bench.MinkEndToEnd.Outcome;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints the benchmark's setup, each phase as it ends, and the final table. */
final class BenchmarkReport {
  private static final String ROW = "%-28s %11s %8s %8s %13s %16s %8s%n";

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

  void header() {
    Runtime runtime = Runtime.getRuntime();
    String collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", "));
    out.println("== Mink raw indexing benchmark, " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    out.printf("   JVM        %s %s (%s), max heap %,d MB, GC %s%n", System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"), System.getProperty("os.arch"), runtime.maxMemory() / 1_000_000,
        collectors);
    out.printf("   JVM flags  %s%n", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    out.printf("   cores      %d available; Mink writer lanes %d (its default)%n", runtime.availableProcessors(), lanes);
    out.printf("   records    %,d, %d partitions; key 16 B, value %d B, 1 header (\"source\" + 14 B) = %d B each%n",
        records, partitions, valueBytes, 16 + valueBytes + 6 + 14);
    out.println("   MB = 10^6 bytes of key + value + headers; heap peaks are per phase (see docs/benchmarks.md)");
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

  PhaseResult phase(PhaseResult phase) {
    Throughput throughput = phase.throughput();
    out.printf("== %s: %,d records in %.2f s: %,.0f records/s, %.1f MB/s; peak heap %,d MB (old gen %,d MB), "
        + "GC %,d ms%n", phase.name(), throughput.records(), throughput.seconds(), throughput.recordsPerSecond(),
        throughput.megabytesPerSecond(), phase.heap().peakHeapBytes() / 1_000_000,
        phase.heap().peakOldGenerationBytes() / 1_000_000, phase.heap().gcMillis());
    out.flush();
    return phase;
  }

  void mink(Outcome outcome) {
    out.printf("   Mink committed %,d rows in %d round(s), %d data file(s); snapshot total-records %,d = produced %,d%n",
        outcome.throughput().records(), outcome.rounds(), outcome.files(), outcome.committedRows(), records);
    out.flush();
  }

  void summary(PhaseResult fetch, PhaseResult writeOne, PhaseResult writeLanes, PhaseResult mink) {
    PhaseResult write = writeLanes.recordsPerSecond() >= writeOne.recordsPerSecond() ? writeLanes : writeOne;
    PhaseResult limit = fetch.recordsPerSecond() <= write.recordsPerSecond() ? fetch : write;
    double ratio = mink.recordsPerSecond() / limit.recordsPerSecond();
    out.println();
    out.printf(ROW, "phase", "records/s", "MB/s", "time s", "peak heap MB", "peak old gen MB", "GC ms");
    for (PhaseResult phase : List.of(fetch, writeOne, writeLanes, mink)) {
      Throughput throughput = phase.throughput();
      out.printf(ROW, phase.name(), String.format(Locale.ROOT, "%,.0f", throughput.recordsPerSecond()),
          String.format(Locale.ROOT, "%.1f", throughput.megabytesPerSecond()),
          String.format(Locale.ROOT, "%.2f", throughput.seconds()),
          String.format(Locale.ROOT, "%,d", phase.heap().peakHeapBytes() / 1_000_000),
          String.format(Locale.ROOT, "%,d", phase.heap().peakOldGenerationBytes() / 1_000_000),
          String.format(Locale.ROOT, "%,d", phase.heap().gcMillis()));
    }
    out.printf("max heap of the JVM: %,d MB%n", Runtime.getRuntime().maxMemory() / 1_000_000);
    out.printf("write limit b = %s (the better of the two write runs)%n", write.name());
    out.printf("limit min(a, b) = %s, %,.0f records/s%n", limit.name(), limit.recordsPerSecond());
    out.printf("ratio c / min(a, b) = %.2f (aim: at least 0.5)%n", ratio);
    out.flush();
  }
}
