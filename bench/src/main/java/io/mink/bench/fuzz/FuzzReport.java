package io.mink.bench.fuzz;

import io.mink.indexer.stats.RoundCounters;
import io.mink.lake.LakeOffsets;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/** What {@link FuzzBenchmark} prints, line by line as the run goes, and its verdict. */
final class FuzzReport {
  private static final long MIB = 1024 * 1024;

  private final PrintStream out;
  private FuzzProducer.Produced produced;

  FuzzReport(PrintStream out) {
    this.out = out;
  }

  void header(long records, int partitions, long seed) {
    line(
        "mink fuzz: %,d records, %d partitions, seed %d; Avro, Protobuf and JSON Schema orders in the"
            + " Confluent, Glue (Avro and JSON Schema) and header wire formats, raw and mutated",
        records, partitions, seed);
  }

  void produced(FuzzProducer.Produced result) {
    this.produced = result;
    long total = result.kinds().values().stream().mapToLong(Long::longValue).sum();
    line(
        "produced     %,d records in %.1f s, while the sidecar tiers",
        total, seconds(result.nanos()));
  }

  void progress(LakeOffsets reached, LakeOffsets ends) {
    long at = reached.nextOffsets().values().stream().mapToLong(Long::longValue).sum();
    long end = ends.nextOffsets().values().stream().mapToLong(Long::longValue).sum();
    line("  ... %,d of %,d offsets in the lake", at, end);
  }

  void tiered(long nanos, RoundCounters.Counts counts) {
    line(
        "tiered       every offset in %.1f s from the first send: %,d rounds committed, %,d failed",
        seconds(nanos), counts.committed(), counts.failed());
  }

  void checked(FuzzCheck.Result check) {
    line("rows         %,d read back; %,d wrong", check.rows(), check.problemCount());
    check.problems().forEach(problem -> line("  wrong: %s", problem));
    line("%-16s %12s %12s %12s", "kind", "produced", "decoded", "raw value");
    for (FuzzKind kind : FuzzKind.values()) {
      line(
          "%-16s %,12d %,12d %,12d",
          kind.name().toLowerCase(Locale.ROOT).replace('_', '-'),
          produced.kinds().getOrDefault(kind, 0L),
          check.decodedByKind().getOrDefault(kind, 0L),
          check.rawByKind().getOrDefault(kind, 0L));
    }
  }

  void reasons(RoundCounters.Counts counts, Map<String, Long> snapshots) {
    line("%-36s %12s %16s", "raw parts by reason", "rounds", "lake snapshots");
    TreeSet<String> reasons = new TreeSet<>(counts.rawParts().keySet());
    reasons.addAll(snapshots.keySet());
    for (String reason : reasons) {
      line(
          "  %-34s %,12d %,16d",
          reason, counts.rawParts().getOrDefault(reason, 0L), snapshots.getOrDefault(reason, 0L));
    }
  }

  /** Requests the registries answered, check included: every schema id seen for the first time costs one. */
  void registryRequests(int confluent, int glue) {
    line("registries   %,d requests to the Confluent registry, %,d to Glue", confluent, glue);
  }

  void logs(LogScan.Seen seen, long uncaught) {
    line(
        "log scan     %,d errors (%,d of Mink's), %,d warnings (%,d of Mink's), %,d exceptions in %s;"
            + " %,d exceptions escaped a thread",
        seen.errors(),
        seen.minkErrors(),
        seen.warnings(),
        seen.minkWarnings(),
        seen.exceptions(),
        seen.file(),
        uncaught);
    seen.lines().forEach(logLine -> line("  log: %s", logLine));
  }

  void heap(HeapPeaks.Peaks peaks) {
    line(
        "heap         peak after a collection %,d MiB, peak in use %,d MiB, limit %,d MiB (-Xmx);"
            + " %,d collections; the broker and the producer share this heap",
        peaks.usedAfter() / MIB, peaks.usedBefore() / MIB, peaks.max() / MIB, peaks.collections());
  }

  boolean verdict(
      FuzzCheck.Result check,
      RoundCounters.Counts counts,
      LogScan.Seen logs,
      long uncaught,
      HeapPeaks.Peaks peaks) {
    boolean pass = check.problemCount() == 0
        && counts.failed() == 0
        && logs.minkErrors() == 0
        && logs.exceptions() == 0
        && uncaught == 0
        && peaks.usedAfter() < peaks.max();
    line("result       %s", pass ? "PASS" : "FAIL");
    return pass;
  }

  private void line(String format, Object... args) {
    out.println(String.format(Locale.ROOT, format, args));
    out.flush();
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }
}
