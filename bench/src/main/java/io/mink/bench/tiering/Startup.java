package io.mink.bench.tiering;

import io.mink.testkit.KafkaBroker;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * Part 4, startup of an instance that owns many tables: a backlog of many small tables is indexed once by one
 * sidecar, which is stopped; a few more records go into every topic; then a second sidecar of the same
 * deployment is launched. It finds every table's lake state in place, as after a restart or an upgrade. Two
 * times from its launch: until every table is on its schedule (its "Indexing topic ... into table ..." line),
 * and until every table has committed a round with the new records, which is when the lake is fresh again.
 * The freshness is short (startup.freshness), so that every table is due when the second sidecar starts.
 */
final class Startup {
  private static final Duration TIMEOUT = Duration.ofMinutes(20);

  private Startup() {}

  static void run(KafkaBroker broker, TieringOptions options, Path directory, PrintStream out)
      throws InterruptedException {
    out.printf(
        Locale.ROOT,
        "== 4 Startup: %s, freshness %s, tiered once by one sidecar, then %,d more records into "
            + "each and a new sidecar launched on the same lake (%s)%n",
        options.startup(),
        TieringReport.duration(options.startupFreshness()),
        options.startupAdded(),
        options.sidecarOptions());
    out.flush();
    Backlog backlog = Backlog.produce(broker, "start", options.startup(), options.valueBytes());
    out.printf(
        Locale.ROOT,
        "   backlog: %,d records, %.1f MB, produced in %.1f s%n",
        backlog.records(),
        backlog.bytes() / 1e6,
        backlog.produceNanos() / 1e9);
    out.flush();
    try (MinkDeployment deployment = MinkDeployment.create(broker, "startup", directory)) {
      for (String topic : backlog.topics()) {
        deployment.addTable(topic, options.startupFreshness());
      }
      out.println("-- first launch: every table new, its backlog indexed");
      IndexingResult first =
          BacklogRun.index(deployment, backlog, 1, 1, options.sidecarOptions(), Map.of(), TIMEOUT);
      TieringReport.indexing(out, first, options.sidecarMaxHeapBytes());
      Backlog added = backlog.append(broker, options.startupAdded(), options.valueBytes());
      out.printf(
          Locale.ROOT,
          "-- second launch: %,d tables already tiered, %,d new records (%,d per table)%n",
          added.topics().size(),
          added.records(),
          options.startupAdded());
      out.flush();
      IndexingResult second =
          BacklogRun.index(deployment, added, 2, 1, options.sidecarOptions(), Map.of(), TIMEOUT);
      TieringReport.indexing(out, second, options.sidecarMaxHeapBytes());
      out.printf(
          Locale.ROOT,
          "   startup with %d tables: every table on the schedule %.1f s after launch, every table "
              + "fresh (its new records committed) %.1f s after launch; first launch %.1f s and %.1f s%n",
          added.topics().size(),
          second.scheduledSeconds(),
          second.totalSeconds(),
          first.scheduledSeconds(),
          first.totalSeconds());
      out.flush();
    }
  }
}
