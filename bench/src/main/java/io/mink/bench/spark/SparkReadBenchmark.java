package io.mink.bench.spark;

import io.mink.bench.BenchmarkReport;
import io.mink.bench.ResourceMeter;
import io.mink.bench.Throughput;
import io.mink.cli.Main;
import io.mink.indexer.config.IndexerSettings;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * How fast Spark reads a Mink table through Mink's catalog ({@code io.mink.spark.MinkCatalog}), each figure against a
 * limit measured in the same run. In one JVM: an in-process broker and schema registry, a 4-partition topic of
 * Confluent-prefixed Avro orders (the registry benchmark's), 95% of it tiered into an embedded lake by a sidecar
 * that then runs no more rounds, the last 5% left in Kafka. Then (A) the union read against Spark's own Iceberg read
 * of the lake alone, (B) the tail alone read by one executor JVM and by two, (C) a micro-batch of 100,000 records
 * through Spark against the round's decoding of them.
 *
 * <p>Run it with {@code bench/spark-read [records]}; docs/benchmarks/spark-read.md explains the figures. This is a
 * command, not a test: it fails on a wrong answer, never on a slow machine.
 */
public final class SparkReadBenchmark {
  static final int DEFAULT_RECORDS = 10_000_000;
  static final int MIN_RECORDS = MicroBatchDecode.RECORDS;
  static final int PARTITIONS = 4;
  static final String TOPIC = "bench-spark-read";
  /** The share of the records left to the tail. */
  static final double TAIL_SHARE = 0.05;
  /** Untimed runs of each query before the timed ones, in each Spark session. */
  static final int WARM_UPS = Integer.getInteger("mink.bench.warm-ups", 2);
  /** Timed runs of each query; the median counts. */
  static final int RUNS = Integer.getInteger("mink.bench.runs", 5);

  private SparkReadBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    if (args.length > 1 || List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.err.println("Usage: bench/spark-read [records (default " + DEFAULT_RECORDS + ")]");
      System.exit(args.length > 1 ? 2 : 0);
    }
    run(records(args), System.out);
    System.exit(0);
  }

  static void run(int records, PrintStream out) {
    BenchmarkReport header =
        new BenchmarkReport(out, "Spark read", IndexerSettings.defaults().writerThreads());
    SparkReadReport report = new SparkReadReport(out);
    int tailRecords = Math.max(1, (int) Math.round(records * TAIL_SHARE));
    header.header(List.of(
        String.format(
            Locale.ROOT,
            "records    %,d Avro orders (21 fields, a nested struct, a list, an enum) through the schema"
                + " registry, %d partitions; the lake holds the first %,d, the tail the last %,d",
            records,
            PARTITIONS,
            records - tailRecords,
            tailRecords),
        String.format(
            Locale.ROOT,
            "runs       %d untimed, then %d timed per query and Spark session; the median counts",
            WARM_UPS,
            RUNS)));
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        KafkaBroker broker = new KafkaBroker().start();
        OrderTable table = OrderTable.create(broker, registry, TOPIC, PARTITIONS)) {
      Throughput lakePart = table.produce(records - tailRecords);
      int rounds = table.tier();
      Throughput tailPart = table.produce(tailRecords);
      report.setup(List.of(String.format(
          Locale.ROOT,
          "produced   %,d records in %.1f s, tiered in %d round(s); then the tail's %,d in %.1f s, not"
              + " tiered",
          lakePart.records(),
          lakePart.seconds(),
          rounds,
          tailPart.records(),
          tailPart.seconds())));

      report.part(
          "(A) union read through mink.kafka against Spark's Iceberg read of the lake alone,"
              + " local[2] each");
      UnionVsLake a = UnionVsLake.measure(table, WARM_UPS, RUNS);
      report.runs(a.icebergCount(), table.lakeRecords());
      report.runs(a.icebergScan(), table.lakeRecords());
      report.runs(a.unionCount(), table.records());
      report.runs(a.unionScan(), table.records());
      report.runs(a.lakeCount(), table.lakeRecords());
      report.runs(a.lakeScan(), table.lakeRecords());
      a.check(table);

      long splitRecords = TailScaleOut.splitRecords(table, PARTITIONS);
      report.part("(B) the tail alone (mode=log at the tail's point), one executor JVM against two;"
          + " (C) a micro-batch in the one-executor session");
      TailScaleOut.Session one;
      MicroBatchDecode c;
      try (MinkSpark spark = MinkSpark.cluster(table, 1)) {
        one = TailScaleOut.measure(spark, table, splitRecords, WARM_UPS, RUNS);
        report.runs(one.read(), table.records() - table.lakeRecords());
        c = MicroBatchDecode.measure(spark, table, PARTITIONS, WARM_UPS, RUNS);
        report.runs(c.spark(), c.records());
      }
      TailScaleOut.Session two;
      try (MinkSpark spark = MinkSpark.cluster(table, 2)) {
        two = TailScaleOut.measure(spark, table, splitRecords, WARM_UPS, RUNS);
        report.runs(two.read(), table.records() - table.lakeRecords());
      }
      TailScaleOut b = TailScaleOut.of(splitRecords, one, two);
      checkTail(a, b);

      report.line("");
      report.line("== Figures, load " + ResourceMeter.loadAverages() + " at the end");
      report.unionVsLake(a);
      report.scaleOut(b, table.records() - table.lakeRecords());
      report.microBatch(c);
    }
  }

  /** The union's sums are the lake's plus the tail's: each read saw its rows once. */
  private static void checkTail(UnionVsLake a, TailScaleOut b) {
    UnionVsLake.expect("The two-executor tail read", b.two().answer(), b.one().answer());
    List<Long> lake = a.icebergScan().answer();
    List<Long> tail = b.one().answer();
    UnionVsLake.expect(
        "Mink's union scan",
        a.unionScan().answer(),
        List.of(lake.get(0) + tail.get(0), lake.get(1) + tail.get(1)));
  }

  private static int records(String[] args) {
    if (args.length == 0) {
      return DEFAULT_RECORDS;
    }
    try {
      int value = Integer.parseInt(args[0].replace("_", "").replace(",", ""));
      if (value >= MIN_RECORDS) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println(
        "Invalid records '" + args[0] + "': use a whole number of at least " + MIN_RECORDS);
    System.exit(2);
    return DEFAULT_RECORDS;
  }
}
