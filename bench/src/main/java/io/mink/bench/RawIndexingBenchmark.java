package io.mink.bench;

import io.mink.bench.MinkEndToEnd.Outcome;
import io.mink.cli.Main;
import io.mink.indexer.config.IndexerSettings;
import io.mink.testkit.KafkaBroker;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How close Mink's raw indexing path comes to the limits of the machine it runs on. In one JVM:
 * an in-process broker is filled with records (phase 0); then (a) one plain consumer reads them all,
 * the fetch limit; (b) their rows are written to Parquet through Iceberg's writer with fetch
 * excluded, on one thread and on as many threads as Mink's writer lanes, the write limit; and (c)
 * Mink's tiering round indexes the topic into a fresh table, end to end. The figure of merit is
 * c / min(a, b), in records per second.
 *
 * <p>Run it with {@code bench/raw-indexing [records] [valueBytes]}; docs/benchmarks/raw-indexing.md explains the
 * figures. This is a command, not a test: nothing fails on a slow machine.
 */
public final class RawIndexingBenchmark {
  static final int DEFAULT_RECORDS = 2_000_000;
  static final int DEFAULT_VALUE_BYTES = 500;
  static final int PARTITIONS = 6;
  static final String TOPIC = "bench-raw";
  /**
   * Table options for the (b) and (c) tables, as {@code k=v,k=v}; {@code iceberg.*} keys become
   * Iceberg table properties, as with {@code mink table add}. For trying a layout change; empty by
   * default, so the tables have Mink's layout.
   */
  static final String TABLE_OPTIONS_PROPERTY = "mink.bench.table-options";
  /**
   * How many times to run phases a to c, one after the other; each phase reports its fastest pass.
   * More than one evens out a machine that other work disturbs now and then. Default 1.
   */
  static final String PASSES_PROPERTY = "mink.bench.passes";

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
    Map<String, String> tableOptions = tableOptions(System.getProperty(TABLE_OPTIONS_PROPERTY, ""));
    int passes = passes(System.getProperty(PASSES_PROPERTY, "1"));
    BenchmarkReport report = new BenchmarkReport(out, "raw indexing", lanes);
    report.header(
        List.of(
            String.format(
                Locale.ROOT,
                "records    %,d, %d partitions; key 16 B, value %d B, 1 header (\"source\" + 14 B)"
                    + " = %d B each",
                records,
                PARTITIONS,
                valueBytes,
                16 + valueBytes + 6 + 14),
            "tables     Mink's layout"
                + (tableOptions.isEmpty() ? "" : " with options " + tableOptions),
            "MB = 10^6 bytes of key + value + headers; the columns are explained in docs/benchmarks/raw-indexing.md"));
    try (KafkaBroker broker = new KafkaBroker().start()) {
      broker.createTopic(TOPIC, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS);
      report.produced(
          BenchmarkTopic.produce(broker, TOPIC, records, valueBytes, PARTITIONS), "generation");
      Map<Integer, Long> ends = BenchmarkTopic.endOffsets(broker, TOPIC, records);

      report.warmUp(FetchLimit.read(broker, TOPIC, ends));
      long targetFileSize = settings.targetFileSizeBytes();
      String lanesName = "(b) write limit, " + lanes + (lanes == 1 ? " thread" : " threads");
      PhaseResult fetch = null;
      PhaseResult writeOne = null;
      PhaseResult writeLanes = null;
      PhaseResult mink = null;
      Outcome minkOutcome = null;
      for (int pass = 1; pass <= passes; pass++) {
        report.pass(pass, passes);
        fetch = faster(
            fetch,
            report.phase(PhaseResult.measure(
                "(a) fetch limit, 1 consumer",
                records,
                () -> FetchLimit.read(broker, TOPIC, ends))));
        writeOne = faster(
            writeOne,
            report.phase(PhaseResult.measure(
                "(b) write limit, 1 thread",
                records,
                () -> WriteLimit.write(
                    broker, TOPIC, ends, valueBytes, 1, targetFileSize, tableOptions))));
        writeLanes = faster(
            writeLanes,
            report.phase(PhaseResult.measure(
                lanesName,
                records,
                () -> WriteLimit.write(
                    broker, TOPIC, ends, valueBytes, lanes, targetFileSize, tableOptions))));
        AtomicReference<Outcome> outcome = new AtomicReference<>();
        PhaseResult minkPass =
            report.phase(PhaseResult.measure("(c) Mink end to end", records, () -> {
              outcome.set(MinkEndToEnd.index(
                  broker, TOPIC, ends, settings, tableOptions, null, table -> {}));
              return outcome.get().throughput();
            }));
        report.mink(outcome.get(), records, "");
        if (faster(mink, minkPass).equals(minkPass)) {
          mink = minkPass;
          minkOutcome = outcome.get();
        }
      }
      report.summary(passes, fetch, writeOne, writeLanes, mink, minkOutcome, records, "");
    }
  }

  /** The faster of two results of one phase; {@code best} may be null. */
  private static PhaseResult faster(PhaseResult best, PhaseResult candidate) {
    return best == null || candidate.recordsPerSecond() > best.recordsPerSecond()
        ? candidate
        : best;
  }

  private static int passes(String value) {
    try {
      int passes = Integer.parseInt(value.trim());
      if (passes >= 1) {
        return passes;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "Invalid -D" + PASSES_PROPERTY + "=" + value + ": use a whole number of 1 or more");
  }

  private static Map<String, String> tableOptions(String spec) {
    Map<String, String> options = new TreeMap<>();
    for (String option : spec.split(",")) {
      if (option.isBlank()) {
        continue;
      }
      int equals = option.indexOf('=');
      if (equals < 1) {
        throw new IllegalArgumentException(
            "Invalid -D" + TABLE_OPTIONS_PROPERTY + " entry '" + option
                + "': use key=value pairs separated by commas, such as "
                + "iceberg.write.parquet.row-group-size-bytes=33554432");
      }
      options.put(
          option.substring(0, equals).trim(), option.substring(equals + 1).trim());
    }
    return options;
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
    System.err.println(
        "Invalid " + name + " '" + args[index] + "': use a whole number of at least " + minimum);
    System.exit(2);
    return fallback;
  }
}
