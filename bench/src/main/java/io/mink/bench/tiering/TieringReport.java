package io.mink.bench.tiering;

import io.mink.indexer.config.Durations;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** Prints the benchmark's setup and the figures the parts share: a backlog's indexing, a sidecar's heap. */
final class TieringReport {
  private static final long MIB = 1024 * 1024;

  private TieringReport() {}

  static void header(PrintStream out, TieringOptions options) {
    Runtime runtime = Runtime.getRuntime();
    out.println("== Mink tiering service benchmark, "
        + ZonedDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    out.printf(
        Locale.ROOT,
        "   JVM        %s %s; benchmark JVM (broker, producers, limits): %s%n",
        System.getProperty("java.vm.name"),
        System.getProperty("java.runtime.version"),
        String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    out.printf(
        Locale.ROOT,
        "   sidecars   mink serve in JVMs of their own: %s -XX:+ExitOnOutOfMemoryError -Xlog:gc%n",
        options.sidecarOptions());
    out.printf(
        Locale.ROOT,
        "   cores      %d available; load average %.2f%n",
        runtime.availableProcessors(),
        MachineLoad.loadAverage());
    out.printf(
        Locale.ROOT,
        "   records    key %d B, value %d B, one %d B header = %d B each; MB = 10^6 bytes, "
            + "MiB = 2^20%n",
        Backlog.KEY_BYTES,
        options.valueBytes(),
        Backlog.HEADER_BYTES,
        Backlog.bytesPerRecord(options.valueBytes()));
    out.println(
        "   parts      " + String.join(", ", options.parts()) + " (docs/benchmarks/tiering.md)");
    out.flush();
  }

  /** A backlog's indexing: rows, time, speed, the sidecars' heap against {@code heapLimitBytes}, load. */
  static void indexing(PrintStream out, IndexingResult result, long heapLimitBytes) {
    out.printf(
        Locale.ROOT,
        "   all rows indexed: %,d rows read back for %,d records, one per offset (read in %.1f s, "
            + "after the run); %d Mink snapshots, %d force-finished rounds%n",
        result.rowsVerified(),
        result.records(),
        result.verifySeconds(),
        result.snapshots(),
        result.forceFinished());
    out.printf(
        Locale.ROOT,
        "   time: %.1f s from launch to the last commit: JVM start until %s served %.1f s, "
            + "joining the ownership group %.1f s (Kafka's 3 s initial rebalance delay included), to the first round's "
            + "start %.1f s, rounds %.1f s (first round start to last commit)%n",
        result.totalSeconds(),
        result.instances().size() == 1 ? "the sidecar" : "every sidecar",
        result.startupSeconds(),
        result.joinSeconds(),
        result.firstRoundSeconds(),
        result.indexingSeconds());
    out.printf(
        Locale.ROOT,
        "   every table on a schedule (its \"Indexing topic\" line) %.1f s from launch%n",
        result.scheduledSeconds());
    out.printf(
        Locale.ROOT,
        "   speed: %,.0f rec/s, %.1f MB/s over the rounds; %,.0f rec/s, %.1f MB/s from launch%n",
        result.recordsPerSecond(),
        result.megabytesPerSecond(),
        result.recordsPerSecondFromLaunch(),
        result.megabytesPerSecondFromLaunch());
    for (IndexingResult.Instance instance : result.instances()) {
      String label = result.instances().size() == 1 ? "sidecar" : "instance " + instance.instance();
      if (result.instances().size() > 1) {
        out.printf(
            Locale.ROOT,
            "   %s: %,d rows of %d tables %s%n",
            label,
            instance.rows(),
            instance.tables().size(),
            instance.tables());
      }
      heap(
          out,
          label,
          List.of(instance.gc()),
          instance.metricsPeakBytes(),
          instance.metricsSamples(),
          heapLimitBytes);
    }
    out.printf("   OutOfMemoryError: %s%n", result.outOfMemory() ? "YES" : "none");
    out.println("   " + result.usage());
    out.flush();
  }

  /** A sidecar's heap from its GC log (and /metrics, when sampled), against the limit when it is known. */
  static void heap(
      PrintStream out,
      String label,
      List<GcLog> logs,
      long metricsPeakBytes,
      int metricsSamples,
      long limitBytes) {
    GcLog gc = GcLog.EMPTY;
    for (GcLog log : logs) {
      gc = gc.worstWith(log);
    }
    out.printf(
        Locale.ROOT,
        "   %s heap (GC log): peak used %s MiB, peak after a collection %s MiB, after a full "
            + "collection %s MiB; committed up to %s MiB; %d pauses, %,.0f ms, %d full, %d evacuation failures%n",
        label,
        mib(gc.peakUsedMiB()),
        mib(gc.peakAfterMiB()),
        mib(gc.peakAfterFullMiB()),
        mib(gc.peakCommittedMiB()),
        gc.pauses(),
        gc.pauseMillis(),
        gc.fullCollections(),
        gc.evacuationFailures());
    if (metricsSamples > 0) {
      out.printf(
          Locale.ROOT,
          "   %s heap (/metrics, mink_jvm_heap_used_bytes each second): peak %,d MiB in %d "
              + "samples%n",
          label,
          metricsPeakBytes / MIB,
          metricsSamples);
    } else if (metricsPeakBytes == -1 && metricsSamples == 0 && limitBytes > 0) {
      out.printf(
          "   %s /metrics: no answer on its http_port (mink serve did not start its HTTP server); "
              + "heap from the GC log only%n",
          label);
    }
    if (limitBytes > 0 && gc.peakUsedMiB() >= 0) {
      long limitMiB = limitBytes / MIB;
      out.printf(
          Locale.ROOT,
          "   %s against the limit of %,d MiB (-Xmx): peak used %.0f%%, peak after a collection "
              + "%.0f%%: %s%n",
          label,
          limitMiB,
          100.0 * gc.peakUsedMiB() / limitMiB,
          100.0 * gc.peakAfterMiB() / limitMiB,
          gc.peakUsedMiB() <= limitMiB && gc.evacuationFailures() == 0
              ? "within the limit"
              : "AT THE LIMIT");
    }
  }

  static String duration(Duration duration) {
    return Durations.format(duration);
  }

  private static String mib(long mib) {
    return mib < 0 ? "-" : String.format(Locale.ROOT, "%,d", mib);
  }
}
