package io.mink.bench.registry;

import io.mink.bench.registry.DecodeThroughput.Result;
import io.mink.bench.registry.DecodeThroughput.Speed;
import io.mink.bench.registry.RegistryEndToEnd.Outcome;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Prints the registry benchmark's setup, each part as it ends, and the final tables. */
final class RegistryReport {
  private static final String DECODE_ROW = "%-12s %9s %12s %12s %8s %12s %12s %8s %11s %11s%n";
  private static final String SPEED_ROW = "%-28s %11s %8s %8s %15s %15s%n";
  private static final String COST_ROW = "%-28s %10s %10s %8s %10s %12s%n";
  /** Other processes' cores above which the figures are called disturbed. */
  private static final double DISTURBED_CORES = 0.2;

  private final PrintStream out;

  RegistryReport(PrintStream out) {
    this.out = out;
  }

  void header(int records, int partitions, int lanes) {
    Runtime runtime = Runtime.getRuntime();
    String collectors = ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", "));
    out.println("== Mink registry indexing benchmark, "
        + ZonedDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    out.printf("   JVM        %s %s (%s), max heap %,d MB, GC %s%n", System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"), System.getProperty("os.arch"), runtime.maxMemory() / 1_000_000,
        collectors);
    out.printf("   JVM flags  %s%n", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    out.printf("   cores      %d available; Mink writer lanes %d (its default)%n", runtime.availableProcessors(), lanes);
    out.printf("   load       %s at start%n", PhaseMeter.loadAverages());
    out.printf("   records    part 1: %,d orders per language; part 2: %,d Avro orders, %d partitions, Confluent "
        + "prefix on key (Avro long) and value (20-field Order), no headers%n", DecodeThroughput.PAYLOADS, records,
        partitions);
    out.println("   MB = 10^6 bytes (part 1: payload bytes; part 2: key + value + header bytes, prefixes included)");
    out.flush();
  }

  void decodeHeader() {
    out.printf("%n== 1 decode and convert, one thread, warm (%d s warm-up, %d runs of %d s; best and median run)%n",
        DecodeThroughput.WARM_UP_MILLIS / 1000, DecodeThroughput.RUNS, DecodeThroughput.RUN_MILLIS / 1000);
    out.printf(DECODE_ROW, "language", "payload B", "decode r/s", "median", "MB/s", "+row r/s", "median", "MB/s",
        "decode/CPU", "+row/CPU");
    out.flush();
  }

  void decoded(Result result) {
    Speed decode = result.decode();
    Speed row = result.decodeToRow();
    out.printf(DECODE_ROW, result.language().displayName(), format("%.0f", result.payloadBytes()),
        format("%,.0f", decode.best()), format("%,.0f", decode.median()),
        format("%.1f", decode.best() * result.payloadBytes() / 1e6),
        format("%,.0f", row.best()), format("%,.0f", row.median()),
        format("%.1f", row.best() * result.payloadBytes() / 1e6),
        format("%,.0f", decode.perCpuSecond()), format("%,.0f", row.perCpuSecond()));
    out.flush();
  }

  void decodeFooter() {
    out.println("(decode = CompiledSchema.decode alone; +row = decode and RowAssembler.row into the merged table "
        + "schema; r/s = records per wall second; /CPU = records per second of the thread's CPU time, "
        + "which other processes barely move)");
    out.flush();
  }

  void endToEndHeader(int records) {
    out.printf("%n== 2 Avro end to end, %,d records%n", records);
    out.flush();
  }

  void produced(Throughput produced) {
    out.printf("== 0 produced %,d records in %.1f s: %,.0f records/s, %.1f MB/s (generation and Avro writing "
        + "included); %.0f B per record%n", produced.records(), produced.seconds(), produced.recordsPerSecond(),
        produced.megabytesPerSecond(), (double) produced.bytes() / produced.records());
    out.flush();
  }

  void warmUp(Throughput fetch) {
    out.printf("== fetch warm-up pass (not counted): %,.0f records/s, %.1f MB/s%n", fetch.recordsPerSecond(),
        fetch.megabytesPerSecond());
    out.flush();
  }

  void writeWarmUp(Throughput write) {
    out.printf("== typed write warm-up pass (not counted): %,d records, %,.0f records/s%n", write.records(),
        write.recordsPerSecond());
    out.flush();
  }

  PhaseResult phase(PhaseResult phase) {
    Throughput throughput = phase.throughput();
    out.printf("== %s: %,d records in %.2f s: %,.0f records/s, %.1f MB/s; GC %,d ms; cores busy %.2f, others %.2f%n",
        phase.name(), throughput.records(), throughput.seconds(), throughput.recordsPerSecond(),
        throughput.megabytesPerSecond(), phase.cost().gcMillis(), phase.coresBusy(), phase.otherCoresBusy());
    out.flush();
    return phase;
  }

  void mink(Outcome outcome, int records) {
    out.printf("   Mink committed %,d rows in %d round(s), %d data file(s), %d columns; snapshot total-records %,d "
        + "= produced %,d; no mink-raw.* entry; row 0 holds order 0%n", outcome.throughput().records(),
        outcome.rounds(), outcome.files(), outcome.columns(), outcome.committedRows(), records);
    out.flush();
  }

  void summary(PhaseResult fetch, PhaseResult writeOne, PhaseResult writeLanes, PhaseResult mink) {
    List<PhaseResult> phases = List.of(fetch, writeOne, writeLanes, mink);
    PhaseResult write = writeLanes.recordsPerSecond() >= writeOne.recordsPerSecond() ? writeLanes : writeOne;
    PhaseResult limit = fetch.recordsPerSecond() <= write.recordsPerSecond() ? fetch : write;
    double ratio = mink.recordsPerSecond() / limit.recordsPerSecond();

    out.println();
    out.printf(SPEED_ROW, "phase", "records/s", "MB/s", "time s", "fetch CPU us/r", "write CPU us/r");
    for (PhaseResult phase : phases) {
      Throughput throughput = phase.throughput();
      out.printf(SPEED_ROW, phase.name(), format("%,.0f", throughput.recordsPerSecond()),
          format("%.1f", throughput.megabytesPerSecond()), format("%.2f", throughput.seconds()),
          micros(throughput.fetchCpuNanos(), throughput.records()),
          micros(throughput.writeCpuNanos(), throughput.records()));
    }
    out.println("(fetch CPU: the fetching thread; for Mink it also decodes, assembles rows and commits)");
    out.println();
    out.printf(COST_ROW, "phase", "heap MB", "old gen MB", "GC ms", "cores busy", "cores others");
    for (PhaseResult phase : phases) {
      PhaseMeter.Cost cost = phase.cost();
      out.printf(COST_ROW, phase.name(), megabytes(cost.peakHeapBytes()), megabytes(cost.peakOldBytes()),
          format("%,d", cost.gcMillis()), format("%.2f", phase.coresBusy()), format("%.2f", phase.otherCoresBusy()));
    }
    out.printf("(peaks per phase: heap = sum of the pools' peaks, a full eden included; max heap %,d MB)%n",
        Runtime.getRuntime().maxMemory() / 1_000_000);
    out.println();
    out.printf("write limit b = %s (the better of the two write runs)%n", write.name());
    out.printf("limit min(a, b) = %s, %,.0f records/s%n", limit.name(), limit.recordsPerSecond());
    out.printf("ratio c / min(a, b) = %.2f (aim: at least 0.5)%n", ratio);
    Throughput writeCpu = write.throughput();
    Throughput minkCpu = mink.throughput();
    if (writeCpu.writeCpuNanos() > 0 && minkCpu.fetchCpuNanos() > 0 && minkCpu.writeCpuNanos() > 0) {
      double cpuRatio = (double) writeCpu.writeCpuNanos() / writeCpu.records()
          / ((double) (minkCpu.fetchCpuNanos() + minkCpu.writeCpuNanos()) / minkCpu.records());
      out.printf("CPU ratio = %.2f: b's write CPU per record over c's fetch + write CPU per record, what c / b would"
          + " be if both had the cores to themselves, GC and the broker free; other processes barely move it%n",
          cpuRatio);
    }
    out.printf("load average %s at the end%n", PhaseMeter.loadAverages());
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
    return nanos < 0 || records == 0 ? "-" : format("%.2f", nanos / 1e3 / records);
  }

  private static String format(String pattern, Object value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
