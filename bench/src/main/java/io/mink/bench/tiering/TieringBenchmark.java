package io.mink.bench.tiering;

import io.mink.cli.Main;
import io.mink.testkit.KafkaBroker;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The tiering service measured as it runs: {@code mink serve} in JVMs of its own, against an in-process Kafka
 * broker in this JVM and the embedded lake (Iceberg's JDBC catalog on SQLite) in a temporary directory.
 * <ol>
 *   <li>memory: many tables of many partitions indexed at once by one sidecar with a 1 GiB heap; its heap's
 *       peaks from its GC log, against the limit; an OutOfMemoryError fails the run;
 *   <li>lag: steady producers into tables of different freshness; each record's lake lag, p50/p99/max against
 *       the freshness;
 *   <li>scale: one backlog indexed by one and by two sidecars of one group, against the fetch and write limits
 *       measured on the same backlog in the same run;
 *   <li>startup (not run by default): an instance launched on many tables tiered before; how long until every
 *       table is on its schedule and until every table is fresh again.
 * </ol>
 *
 * <p>Run it with {@code bench/tiering [key=value ...]}; docs/benchmarks/tiering.md explains the figures. Like the other
 * benchmarks it is a command, not a test: it fails on wrong results (a row lost or twice, an OutOfMemoryError, a
 * table that never catches up), never because the machine is slow.
 */
public final class TieringBenchmark {
  /**
   * The broker's group.initial.rebalance.delay.ms: Kafka's default, so that sidecars launched together join the
   * ownership group in one rebalance, as they do against a real cluster (the testkit's broker sets 0).
   */
  private static final String INITIAL_REBALANCE_DELAY_MS = "3000";

  private TieringBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    if (List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.out.println(TieringOptions.usage());
      System.exit(0);
    }
    TieringOptions options;
    try {
      options = TieringOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(TieringOptions.usage());
      System.exit(2);
      return;
    }
    System.exit(run(options, System.out));
  }

  static int run(TieringOptions options, PrintStream out) {
    TieringReport.header(out, options);
    Path directory;
    try {
      directory = Files.createTempDirectory("mink-tiering-bench");
    } catch (IOException e) {
      System.err.println(
          "Cannot create a temporary directory: " + e.getMessage() + "; check java.io.tmpdir");
      return 1;
    }
    long started = System.nanoTime();
    try (KafkaBroker broker = new KafkaBroker(
            Map.of("group.initial.rebalance.delay.ms", INITIAL_REBALANCE_DELAY_MS))
        .start()) {
      if (options.runs("memory")) {
        MemoryBound.run(broker, options, directory, out);
      }
      if (options.runs("lag")) {
        LakeLag.run(broker, options, directory, out);
      }
      if (options.runs("scale")) {
        ScaleOut.run(broker, options, directory, out);
      }
      if (options.runs("startup")) {
        Startup.run(broker, options, directory, out);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      out.println("FAILED: interrupted; the sidecars' logs and GC logs are in " + directory);
      return 1;
    } catch (RuntimeException e) {
      out.flush();
      System.err.println("FAILED: " + e.getMessage());
      e.printStackTrace();
      System.err.println(
          "The sidecars' logs (sidecar-N.log), GC logs and mink.toml files are kept in "
              + directory);
      return 1;
    }
    out.printf(
        "== done in %.1f min; load average now %.2f%n",
        (System.nanoTime() - started) / 60e9, MachineLoad.loadAverage());
    out.flush();
    delete(directory);
    return 0;
  }

  private static void delete(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      System.err.println("Could not delete " + directory + ": " + e.getMessage());
    }
  }
}
