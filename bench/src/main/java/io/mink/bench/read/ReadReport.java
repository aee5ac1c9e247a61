package io.mink.bench.read;

import io.mink.bench.PhaseResult;
import io.mink.bench.ResourceMeter.ResourceUse;
import io.mink.bench.Throughput;
import io.mink.cli.read.ReadOutput;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Prints what the union read benchmark adds to the indexing benchmarks' phase lines: the rounds that filled the
 * lake, each read's first pass and memory, the writers' own cost, the final table, each phase against its limit,
 * and one summary line to compare runs by (docs/benchmarks/union-read.md).
 */
final class ReadReport {
  private static final String ROW = "%-36s %10s %8s %7s %9s %9s %8s %8s %7s %7s %7s%n";
  private static final double MIB = 1 << 20;

  private final PrintStream out;

  ReadReport(PrintStream out) {
    this.out = out;
  }

  void tiered(String what, ReadTables.Tiered tiered) {
    out.printf(
        "== tiered %s: %,d rows in %d round(s), %.1f s; snapshot %d, %d data file(s), %.1f MB of Parquet%n",
        what,
        tiered.totalRows(),
        tiered.rounds(),
        tiered.nanos() / 1e9,
        tiered.snapshotId(),
        tiered.dataFiles(),
        tiered.parquetBytes() / 1e6);
    out.flush();
  }

  /** The columns of primitive types that (a) also reads alone, of all the table's columns. */
  void primitiveColumns(List<String> primitive, int all) {
    out.printf(
        "== (a) primitive columns, %d of the table's %d: %s%n",
        primitive.size(), all, String.join(", ", primitive));
    out.flush();
  }

  /** A read's plan and first pass, its batches, the column memory it held and, per partition, the wait for them. */
  void read(ReadOutcome read, long tailMemoryBytes) {
    TakenBatches taken = read.taken();
    out.printf(
        "   planned%s in %.2f s; %,d lake file(s), %,d tail records; %,d batches of %,.0f rows on average%n",
        read.tailRecords() > 0 ? " and read the tails (first pass)" : "",
        read.planNanos() / 1e9,
        read.lakeFiles(),
        read.tailRecords(),
        taken.batches(),
        taken.batches() == 0 ? 0.0 : (double) taken.rows() / taken.batches());
    if (read.tailRecords() > 0) {
      ReadOutcome.FirstPass first = read.firstPass();
      out.printf(
          "   first pass: %d wait(s) of 100 ms or more for Kafka between two tail batches, %.2f s in all;"
              + " column batches held: at most %.1f MiB during it, %.1f MiB at its end (tail memory %s)%n",
          first.stalls(),
          first.stalledNanos() / 1e9,
          first.peakArrowBytes() / MIB,
          first.heldArrowBytes() / MIB,
          tailMemoryBytes == Long.MAX_VALUE
              ? "unbounded"
              : format("%.1f MiB", tailMemoryBytes / MIB));
    }
    out.printf(
        "   batches taken: their values %.1f MiB in all (the tail memory's measure of a batch),"
            + " at most %.1f MiB of column batches held; waiting for them, s by partition: %s%n",
        taken.bufferBytes() / MIB,
        taken.peakArrowBytes() / MIB,
        taken.waitNanos().entrySet().stream()
            .map(wait -> wait.getKey() + ": " + format("%.2f", wait.getValue() / 1e9))
            .collect(Collectors.joining(", ")));
    out.flush();
  }

  /** What the writer of one output format cost, apart from the read feeding it. */
  void output(
      ReadOutput format, ReadOutcome read, long bytes, long writerNanos, long writerCpuNanos) {
    out.printf(
        "   %s writer alone: %,.0f rows/s, %.1f MB/s, %s CPU-s per million rows; %,.1f MB written, %.0f B a row%n",
        format,
        read.rows() * 1e9 / writerNanos,
        bytes / 1e6 * 1e9 / writerNanos,
        perMillion(writerCpuNanos, read.rows()),
        bytes / 1e6,
        (double) bytes / read.rows());
    out.flush();
  }

  /** The final table: every phase's speed, CPU and memory. */
  void table(ReadFigures figures) {
    out.println();
    out.printf(
        ROW, "phase", "rows/s", "MB/s", "time s", "CPU-s/M", "thread", "heap MB", "old MB",
        "live MB", "GC ms", "others");
    for (PhaseResult phase : figures.all()) {
      Throughput throughput = phase.throughput();
      ResourceUse resources = phase.resources();
      out.printf(
          ROW,
          phase.name(),
          format("%,.0f", throughput.recordsPerSecond()),
          format("%.1f", throughput.megabytesPerSecond()),
          format("%.2f", throughput.seconds()),
          perMillion(resources.cpuNanos(), throughput.records()),
          perMillion(throughput.cpu().fetchNanos(), throughput.records()),
          megabytes(resources.peakHeapBytes()),
          megabytes(resources.peakOldGenerationBytes()),
          megabytes(resources.peakLiveBytes()),
          format("%,d", resources.gcMillis()),
          format("%.2f", phase.otherCoresBusy()));
    }
    out.println(
        "(MB: of the Parquet files read in (a), whole, of Kafka's keys and values in (b), of both in (c),"
            + " of the output in (d). CPU-s/M: CPU-seconds per million rows of this JVM, the broker and GC"
            + " included; thread: of the reading thread alone. heap, old, live: as in the indexing benchmarks)");
    out.flush();
  }

  /** Each read against its limit, and the summary line. */
  void limits(ReadFigures figures, double tailShare) {
    out.println();
    double lake = figures.lake().recordsPerSecond();
    double tail = figures.tail().recordsPerSecond();
    double fetch = figures.fetchLimit().recordsPerSecond();
    double decode = figures.decodeLimit().recordsPerSecond();
    double fetchThenDecode = 1 / (1 / fetch + 1 / decode);
    double expectedUnion = 1 / ((1 - tailShare) / lake + tailShare / tail);
    out.printf(
        "(a) lake read %.2f x Iceberg's generic reader in rows/s; reading thread %s against %s CPU-s/M%n",
        lake / figures.icebergLimit().recordsPerSecond(),
        threadPerMillion(figures.lake()),
        threadPerMillion(figures.icebergLimit()));
    out.printf(
        "(a) lake read of the primitive columns %.2f x Iceberg's generic reader of them in rows/s;"
            + " reading thread %s against %s CPU-s/M%n",
        figures.lakePrimitive().recordsPerSecond() / figures.icebergPrimitive().recordsPerSecond(),
        threadPerMillion(figures.lakePrimitive()),
        threadPerMillion(figures.icebergPrimitive()));
    out.printf(
        "(b) tail read %.2f x the fetch limit, %.2f x fetch then decode on one thread (%,.0f rows/s);"
            + " reading thread %s against %s + %s CPU-s/M%n",
        tail / fetch,
        tail / fetchThenDecode,
        fetchThenDecode,
        threadPerMillion(figures.tail()),
        threadPerMillion(figures.fetchLimit()),
        threadPerMillion(figures.decodeLimit()));
    out.printf(
        "(b) tail memory bound: %.2f s more than with no bound (%.2f against %.2f s)%n",
        figures.tail().throughput().seconds()
            - figures.tailUnbounded().throughput().seconds(),
        figures.tail().throughput().seconds(),
        figures.tailUnbounded().throughput().seconds());
    out.printf(
        "(c) union read %.2f x what (a) and (b) predict for a %.0f%% tail (%,.0f rows/s)%n",
        figures.union().recordsPerSecond() / expectedUnion, tailShare * 100, expectedUnion);
    out.printf(
        "(d) with --output json %.2f x, with --output arrow %.2f x the rows/s of the lake read alone%n",
        figures.json().recordsPerSecond() / lake, figures.arrow().recordsPerSecond() / lake);
    summary(figures);
  }

  /** The line to compare runs by. */
  private void summary(ReadFigures figures) {
    out.printf(
        Locale.ROOT,
        "summary: lake_rows_s=%.0f iceberg_rows_s=%.0f tail_rows_s=%.0f fetch_rows_s=%.0f decode_rows_s=%.0f"
            + " union_rows_s=%.0f json_rows_s=%.0f arrow_rows_s=%.0f lake_cpu_s_per_m=%.2f tail_cpu_s_per_m=%.2f"
            + " lake_primitive_rows_s=%.0f iceberg_primitive_rows_s=%.0f%n",
        figures.lake().recordsPerSecond(),
        figures.icebergLimit().recordsPerSecond(),
        figures.tail().recordsPerSecond(),
        figures.fetchLimit().recordsPerSecond(),
        figures.decodeLimit().recordsPerSecond(),
        figures.union().recordsPerSecond(),
        figures.json().recordsPerSecond(),
        figures.arrow().recordsPerSecond(),
        processPerMillion(figures.lake()),
        processPerMillion(figures.tail()),
        figures.lakePrimitive().recordsPerSecond(),
        figures.icebergPrimitive().recordsPerSecond());
    out.flush();
  }

  private static String threadPerMillion(PhaseResult phase) {
    return perMillion(phase.throughput().cpu().fetchNanos(), phase.throughput().records());
  }

  private static double processPerMillion(PhaseResult phase) {
    long cpu = phase.resources().cpuNanos();
    return cpu < 0 ? Double.NaN : cpu / 1e3 / phase.throughput().records();
  }

  private static String perMillion(long nanos, long rows) {
    return nanos < 0 || rows == 0 ? "-" : format("%.2f", nanos / 1e3 / rows);
  }

  private static String megabytes(long bytes) {
    return bytes < 0 ? "-" : format("%,d", bytes / 1_000_000);
  }

  static String format(String pattern, Object value) {
    return String.format(Locale.ROOT, pattern, value);
  }
}
