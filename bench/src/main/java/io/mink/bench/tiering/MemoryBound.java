package io.mink.bench.tiering;

import io.mink.testkit.KafkaBroker;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Part 1, the memory bound: a backlog of many tables with many partitions each, indexed by one sidecar with the
 * sidecar options' heap (1 GiB by default) and Mink's default workers, writer threads, writer_memory and
 * max_open_files. Reports every row indexed, the heap's peaks from the GC log against -Xmx, and any
 * OutOfMemoryError, which fails the run.
 */
final class MemoryBound {
  private static final Duration TIMEOUT = Duration.ofMinutes(20);

  private MemoryBound() {}

  static IndexingResult run(
      KafkaBroker broker, TieringOptions options, Path directory, PrintStream out)
      throws InterruptedException {
    out.printf(
        Locale.ROOT,
        "== 1 Memory bound: %s in one sidecar (%s; workers %s, writer_threads, writer_memory and "
            + "max_open_files Mink's defaults)%n",
        options.memory(),
        options.sidecarOptions(),
        options.memoryWorkers() == 0 ? "Mink's default" : options.memoryWorkers());
    out.flush();
    Backlog backlog = Backlog.produce(broker, "mem", options.memory(), options.valueBytes());
    out.printf(
        Locale.ROOT,
        "   backlog: %,d records, %.1f MB, produced in %.1f s%n",
        backlog.records(),
        backlog.bytes() / 1e6,
        backlog.produceNanos() / 1e9);
    out.flush();
    try (MinkDeployment deployment = MinkDeployment.create(broker, "memory", directory)) {
      Map<String, String> indexer = options.memoryWorkers() == 0
          ? Map.of()
          : Map.of("workers", Integer.toString(options.memoryWorkers()));
      IndexingResult result =
          BacklogRun.run(deployment, backlog, 1, options.sidecarOptions(), indexer, TIMEOUT);
      TieringReport.indexing(out, result, options.sidecarMaxHeapBytes());
      return result;
    }
  }
}
