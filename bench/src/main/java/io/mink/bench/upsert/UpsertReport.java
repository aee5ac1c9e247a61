package io.mink.bench.upsert;

import io.mink.bench.upsert.IndexingRates.Result;
import io.mink.bench.upsert.ReadCost.Checkpoint;
import io.mink.bench.upsert.ReadCost.TableRead;
import io.mink.bench.upsert.TableRounds.Timing;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** Prints the upsert benchmark's figures as they come, then a summary line (docs/benchmarks/upsert.md). */
final class UpsertReport {
  /** The indexing aim: upsert at least this share of append's records per second. */
  static final double INDEXING_AIM = 0.7;
  /** The read aim: after the last checkpoint, with compaction, at most this times the single-round table. */
  static final double READ_AIM = 1.5;
  /** Other processes' cores above which a figure is called disturbed. */
  private static final double DISTURBED_CORES = 0.2;

  private static final String ROUNDS_ROW = "   %-8s %7s %8s %11s %12s %13s%n";
  private static final String READ_ROW = "   %-30s %6s %8s %7s %8s %9s %10s %9s %6s %9s %6s %9s%n";
  private static final long GIB = 1L << 30;

  private final PrintStream out;

  UpsertReport(PrintStream out) {
    this.out = out;
  }

  void indexing(Result result) {
    out.printf(
        Locale.ROOT,
        "%n(1) indexing, %.0f%% updates: %,d records, %,d keys%n",
        result.updateFraction() * 100,
        result.records(),
        result.keys());
    out.printf(ROUNDS_ROW, "table", "rounds", "time s", "records/s", "CPU us/rec", "cores others");
    rounds("append", result.append(), result.records());
    rounds("upsert", result.upsert(), result.records());
    long bytes = result.keyIndexBytes();
    TableShape shape = result.upsertShape();
    out.printf(
        Locale.ROOT,
        "   upsert / append: %.2f in records/s (aim: at least %.1f), %.2f in CPU%n"
            + "   key index: %,d keys in %,d bytes, %.1f B a key: %,d keys a GiB%n"
            + "   upsert table: %,d data files (%.1f MB), %,d deletion vectors in %,d files, %,d rows deleted%n",
        result.ratio(),
        INDEXING_AIM,
        result.cpuRatio(),
        result.keys(),
        bytes,
        bytes / (double) result.keys(),
        Math.round(GIB / (bytes / (double) result.keys())),
        shape.dataFiles(),
        shape.dataBytes() / 1e6,
        shape.deleteFiles(),
        shape.deleteObjects(),
        shape.deletedRows());
    out.flush();
  }

  private void rounds(String table, Timing timing, long records) {
    out.printf(
        Locale.ROOT,
        ROUNDS_ROW,
        table,
        timing.rounds(),
        String.format(Locale.ROOT, "%.2f", timing.seconds()),
        String.format(Locale.ROOT, "%,.0f", timing.perSecond(records)),
        String.format(Locale.ROOT, "%.2f", timing.cpuMicrosPer(records)),
        String.format(Locale.ROOT, "%.2f%s", timing.otherCores(), disturbed(timing)));
  }

  void checkpoint(Checkpoint checkpoint, int keys, int updates) {
    out.printf(
        Locale.ROOT,
        "%n(2) reads after %d update rounds of %,d updates (%,d keys); Spark, best of %d after a warm-up%n",
        checkpoint.rounds(),
        updates,
        keys,
        SparkQueries.RUNS);
    out.printf(
        READ_ROW,
        "table",
        "data",
        "data MB",
        "DVs",
        "DV files",
        "deleted",
        "manifests",
        "count ms",
        "x",
        "sum ms",
        "x",
        "round ms");
    TableRead single = checkpoint.reads().get(0);
    for (TableRead read : checkpoint.reads()) {
      TableShape shape = read.shape();
      out.printf(
          Locale.ROOT,
          READ_ROW,
          read.label(),
          String.format(Locale.ROOT, "%,d", shape.dataFiles()),
          String.format(Locale.ROOT, "%.1f", shape.dataBytes() / 1e6),
          String.format(Locale.ROOT, "%,d", shape.deleteFiles()),
          String.format(Locale.ROOT, "%,d", shape.deleteObjects()),
          String.format(Locale.ROOT, "%,d", shape.deletedRows()),
          String.format(Locale.ROOT, "%,d", shape.manifests()),
          String.format(Locale.ROOT, "%.0f", read.count().bestMillis()),
          ratio(read.count().bestMillis(), single.count().bestMillis()),
          String.format(Locale.ROOT, "%.0f", read.sum().bestMillis()),
          ratio(read.sum().bestMillis(), single.sum().bestMillis()),
          roundMillis(read.rounds()));
    }
    out.flush();
  }

  /** One line to compare runs by: the indexing ratios, then each checkpoint's read ratios. */
  void summary(List<Result> indexing, List<Checkpoint> reads) {
    StringBuilder line = new StringBuilder("summary:");
    for (Result result : indexing) {
      line.append(String.format(
          Locale.ROOT, " index_ratio_%.0f=%.2f", result.updateFraction() * 100, result.ratio()));
    }
    for (Checkpoint checkpoint : reads) {
      TableRead single = checkpoint.reads().get(0);
      for (TableRead read : checkpoint.reads().subList(1, checkpoint.reads().size())) {
        line.append(String.format(
            Locale.ROOT,
            " sum_ratio_%d_%s=%.2f",
            checkpoint.rounds(),
            read.name(),
            read.sum().bestMillis() / single.sum().bestMillis()));
      }
    }
    out.printf("%n%s%n", line);
    aims(indexing, reads);
    out.flush();
  }

  /**
   * Both aims beside the figures this run measured: upsert against append at the lowest update fraction, and the
   * default table's sum() after the last checkpoint against the single-round table's.
   */
  private void aims(List<Result> indexing, List<Checkpoint> reads) {
    out.println("aims:");
    if (indexing.isEmpty()) {
      out.println("   indexing  not measured (part (1) did not run)");
    } else {
      Result lowest = indexing.get(0);
      out.printf(
          Locale.ROOT,
          "   indexing  upsert / append records/s at %.0f%% updates: %.2f (aim: at least %.1f): %s%n",
          lowest.updateFraction() * 100,
          lowest.ratio(),
          INDEXING_AIM,
          lowest.ratio() >= INDEXING_AIM ? "met" : "missed");
    }
    if (reads.isEmpty()) {
      out.println("   reading   not measured (part (2) did not run)");
    } else {
      Checkpoint last = reads.get(reads.size() - 1);
      TableRead single = last.reads().get(0);
      TableRead compacted = last.reads().get(1);
      double ratio = compacted.sum().bestMillis() / single.sum().bestMillis();
      out.printf(
          Locale.ROOT,
          "   reading   Spark sum() after %d rounds, %s: %.0f ms over the single-round table's %.0f ms"
              + " = %.2f (aim: at most %.1f): %s%n",
          last.rounds(),
          compacted.label(),
          compacted.sum().bestMillis(),
          single.sum().bestMillis(),
          ratio,
          READ_AIM,
          ratio <= READ_AIM ? "met" : "missed");
    }
  }

  private static String ratio(double millis, double singleMillis) {
    return String.format(Locale.ROOT, "%.2f", millis / singleMillis);
  }

  private static String roundMillis(Timing rounds) {
    if (rounds == null || rounds.catchUps() == 0) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.0f%s", rounds.millisPerCatchUp(), disturbed(rounds));
  }

  private static String disturbed(Timing timing) {
    return timing.otherCores() > DISTURBED_CORES ? " *" : "";
  }
}
