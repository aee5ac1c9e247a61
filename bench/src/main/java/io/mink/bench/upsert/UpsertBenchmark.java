package io.mink.bench.upsert;

import io.mink.bench.BenchmarkReport;
import io.mink.cli.Main;
import io.mink.indexer.config.WriterMemorySettings;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.MinkTableLayout;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.Warehouse;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What upsert tables cost, in one JVM with an in-process broker and an embedded lake, the rounds run as a sidecar's
 * worker runs them ({@code InProcessSidecar}). (1) Indexing: for 10, 50 and 90% updates of earlier keys, a keyed
 * topic produced in batches, an upsert table and an append table of it each running a round after every batch;
 * records per second of both, their ratio, and the key index's memory. (2) Reading: three upsert tables (deleted-row
 * compaction at its default, nearly off, and with small-file auto-compaction) over rounds that each update a share
 * of the keys; Spark's count(*) and sum() at checkpoints, against a table a single round made of the same live rows.
 *
 * <p>Run it with {@code bench/upsert [records] [keys]}; docs/benchmarks/upsert.md explains the figures. This is a command,
 * not a test: it fails on a wrong row count, never on a slow machine.
 */
public final class UpsertBenchmark {
  static final int DEFAULT_RECORDS = 1_000_000;
  static final int DEFAULT_KEYS = 200_000;
  static final int MIN_RECORDS = 1_000;
  static final int PARTITIONS = 6;
  static final List<Double> UPDATE_FRACTIONS = List.of(0.1, 0.5, 0.9);
  /** The batches, and so the rounds, each topic of (1) is produced and indexed in. */
  static final String BATCHES_PROPERTY = "mink.bench.batches";
  /** The update rounds after which (2) reads, as a comma-separated list. */
  static final String CHECKPOINTS_PROPERTY = "mink.bench.read-rounds";
  /** The updates of each round of (2); a hundredth of the keys by default. */
  static final String UPDATES_PROPERTY = "mink.bench.updates";
  /**
   * More table options for (1)'s upsert tables, as {@code k=v,k=v}, such as {@code compact-deleted-fraction=1}: for
   * seeing what a setting costs. None by default.
   */
  static final String UPSERT_OPTIONS_PROPERTY = "mink.bench.upsert-options";
  /** Which parts run: index, read or both (the default). */
  static final String PARTS_PROPERTY = "mink.bench.parts";

  private UpsertBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    if (args.length > 2 || List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.err.println("Usage: bench/upsert [records (default " + DEFAULT_RECORDS
          + ")] [keys (default " + DEFAULT_KEYS + ")]");
      System.exit(args.length > 2 ? 2 : 0);
    }
    int records = number(args, 0, DEFAULT_RECORDS);
    int keys = number(args, 1, DEFAULT_KEYS);
    run(records, keys, System.out);
    System.exit(0);
  }

  static void run(int records, int keys, PrintStream out) {
    int batches = Integer.getInteger(BATCHES_PROPERTY, 10);
    int updates = Integer.getInteger(UPDATES_PROPERTY, Math.max(1, keys / 100));
    List<Integer> checkpoints = checkpoints(System.getProperty(CHECKPOINTS_PROPERTY, "1,10,100"));
    String parts = System.getProperty(PARTS_PROPERTY, "index,read");
    Map<String, String> upsertOptions =
        upsertOptions(System.getProperty(UPSERT_OPTIONS_PROPERTY, ""));
    new BenchmarkReport(out, "upsert", 2)
        .header(setup(records, keys, batches, updates, checkpoints, upsertOptions));
    UpsertReport report = new UpsertReport(out);
    List<IndexingRates.Result> indexing = new ArrayList<>();
    List<ReadCost.Checkpoint> reads = new ArrayList<>();
    try (KafkaBroker broker = new KafkaBroker().start();
        Warehouse warehouse = Warehouse.create();
        InProcessSidecar sidecar = new InProcessSidecar(
            broker.bootstrapServers(), warehouse.lakeSettings(), "_mink_tables")) {
      if (parts.contains("index")) {
        indexing = index(broker, sidecar, records, batches, upsertOptions, report);
      }
      if (parts.contains("read")) {
        try (SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
          reads = new ReadCost(broker, sidecar, spark, PARTITIONS)
              .run(
                  keys,
                  updates,
                  checkpoints,
                  checkpoint -> report.checkpoint(checkpoint, keys, updates));
        }
      }
    }
    report.summary(indexing, reads);
  }

  /** Part (1): the warm-up topic, then one topic per update fraction, each reported as it ends. */
  private static List<IndexingRates.Result> index(
      KafkaBroker broker,
      InProcessSidecar sidecar,
      int records,
      int batches,
      Map<String, String> upsertOptions,
      UpsertReport report) {
    IndexingRates.run(
        broker,
        sidecar,
        "bench-upsert-warm-up",
        Math.max(MIN_RECORDS, records / 10),
        2,
        PARTITIONS,
        0.5,
        upsertOptions);
    List<IndexingRates.Result> results = new ArrayList<>();
    for (double fraction : UPDATE_FRACTIONS) {
      IndexingRates.Result result = IndexingRates.run(
          broker,
          sidecar,
          String.format(Locale.ROOT, "bench-upsert-index-%02.0f", fraction * 100),
          records,
          batches,
          PARTITIONS,
          fraction,
          upsertOptions);
      report.indexing(result);
      results.add(result);
    }
    return results;
  }

  private static List<String> setup(
      int records,
      int keys,
      int batches,
      int updates,
      List<Integer> checkpoints,
      Map<String, String> upsertOptions) {
    return List.of(
        String.format(
            Locale.ROOT,
            "(1)        %,d records a topic (%d-byte keys, %d-byte values, %d partitions), %.0f/%.0f/%.0f%%"
                + " updates, in %d batches, a round of each table after each",
            records,
            KeyedTopic.KEY_BYTES,
            KeyedTopic.VALUE_BYTES,
            PARTITIONS,
            UPDATE_FRACTIONS.get(0) * 100,
            UPDATE_FRACTIONS.get(1) * 100,
            UPDATE_FRACTIONS.get(2) * 100,
            batches),
        String.format(
            Locale.ROOT,
            "(2)        %,d keys, then rounds of %,d updates of keys chosen uniformly; reads after %s rounds",
            keys,
            updates,
            checkpoints),
        String.format(
            Locale.ROOT,
            "sidecar    2 writer threads, key_index_memory %,d MiB (a quarter of the heap, the default); (1)'s "
                + "upsert tables %s",
            WriterMemorySettings.defaultKeyIndexMemoryBytes() >> 20,
            upsertOptions));
  }

  private static Map<String, String> upsertOptions(String spec) {
    Map<String, String> options = new TreeMap<>();
    options.put(MinkTableLayout.MODE_OPTION, "upsert");
    for (String option : spec.split(",")) {
      if (option.isBlank()) {
        continue;
      }
      int equals = option.indexOf('=');
      if (equals < 1) {
        throw new IllegalArgumentException(
            "Invalid -D" + UPSERT_OPTIONS_PROPERTY + " entry '" + option
                + "': use key=value pairs separated by commas, such as compact-deleted-fraction=1");
      }
      options.put(
          option.substring(0, equals).trim(), option.substring(equals + 1).trim());
    }
    return options;
  }

  private static List<Integer> checkpoints(String spec) {
    List<Integer> rounds = Arrays.stream(spec.split(","))
        .map(String::trim)
        .map(Integer::parseInt)
        .sorted()
        .toList();
    if (rounds.isEmpty() || rounds.get(0) < 1) {
      throw new IllegalArgumentException("Invalid -D" + CHECKPOINTS_PROPERTY + " '" + spec
          + "': use round counts of at least 1 separated by commas, such as 1,10,100");
    }
    return rounds;
  }

  private static int number(String[] args, int index, int defaultValue) {
    if (args.length <= index) {
      return defaultValue;
    }
    try {
      int value = Integer.parseInt(args[index].replace("_", "").replace(",", ""));
      if (value >= MIN_RECORDS) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println(
        "Invalid number '" + args[index] + "': use a whole number of at least " + MIN_RECORDS);
    System.exit(2);
    return defaultValue;
  }
}
