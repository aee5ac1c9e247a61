package io.mink.samples.bench;

import io.mink.cli.Main;
import io.mink.indexer.config.IndexerSettings;
import io.mink.samples.bench.MinkEndToEnd.Outcome;
import io.mink.testkit.KafkaBroker;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How close Mink's raw indexing path comes to the limits of the machine it runs on. In one JVM:
 * an in-process broker is filled with records (phase 0); then (a) one plain consumer reads them all,
 * the fetch limit; (b) their rows are written to Parquet through Iceberg's writer with fetch
 * excluded, on one thread and on as many threads as Mink's writer lanes, the write limit; and (c)
 * Mink's tiering round indexes the topic into a fresh table, end to end. The figure of merit is
 * c / min(a, b), in records per second.
 *
 * <p>Run it with {@code bench/raw-indexing [records] [valueBytes]}; docs/benchmarks.md explains the
 * figures. This is a command, not a test: nothing fails on a slow machine.
 */
public final class RawIndexingBenchmark {
  static final int DEFAULT_RECORDS = 2_000_000;
  static final int DEFAULT_VALUE_BYTES = 500;
  static final int PARTITIONS = 6;
  static final String TOPIC = "bench-raw";

  private RawIndexingBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    if (args.length > 2 || List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.err.println("Usage: bench/raw-indexing [records (default " + DEFAULT_RECORDS + ")] "
          + "[valueBytes (default " + DEFAULT_VALUE_BYTES + ")]");
      System.exit(args.length > 2 ? 2 : 0);
    }
    int records = argument(args, 0, "records", DEFAULT_RECORDS, 1);
    int valueBytes = argument(args, 1, "valueBytes", DEFAULT_VALUE_BYTES, 0);
    run(records, valueBytes, System.out);
    System.exit(0);
  }

  static void run(int records, int valueBytes, PrintStream out) {
    IndexerSettings settings = IndexerSettings.defaults();
    int lanes = settings.writerThreads();
    BenchmarkReport report = new BenchmarkReport(out, records, valueBytes, PARTITIONS, lanes);
    report.header();
    try (KafkaBroker broker = new KafkaBroker().start()) {
      broker.createTopic(TOPIC, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS);
      report.produced(BenchmarkTopic.produce(broker, TOPIC, records, valueBytes, PARTITIONS));
      Map<Integer, Long> ends = BenchmarkTopic.endOffsets(broker, TOPIC, records);

      report.warmUp(FetchLimit.read(broker, TOPIC, ends));
      PhaseResult fetch = report.phase(PhaseResult.measure("(a) fetch limit, 1 consumer", records,
          () -> FetchLimit.read(broker, TOPIC, ends)));
      PhaseResult writeOne = report.phase(PhaseResult.measure("(b) write limit, 1 thread", records,
          () -> WriteLimit.write(broker, TOPIC, ends, valueBytes, 1, settings.targetFileSizeBytes())));
      PhaseResult writeLanes = report.phase(PhaseResult.measure(
          "(b) write limit, " + lanes + (lanes == 1 ? " thread" : " threads"), records,
          () -> WriteLimit.write(broker, TOPIC, ends, valueBytes, lanes, settings.targetFileSizeBytes())));
      AtomicReference<Outcome> outcome = new AtomicReference<>();
      PhaseResult mink = report.phase(PhaseResult.measure("(c) Mink end to end", records, () -> {
        outcome.set(MinkEndToEnd.index(broker, TOPIC, ends, settings));
        return outcome.get().throughput();
      }));
      report.mink(outcome.get());
      report.summary(fetch, writeOne, writeLanes, mink);
    }
  }

  private static int argument(String[] args, int index, String name, int fallback, int minimum) {
    if (args.length <= index) {
      return fallback;
    }
    try {
      int value = Integer.parseInt(args[index].replace("_", "").replace(",", ""));
      if (value >= minimum) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println("Invalid " + name + " '" + args[index] + "': use a whole number of at least " + minimum);
    System.exit(2);
    return fallback;
  }
}
