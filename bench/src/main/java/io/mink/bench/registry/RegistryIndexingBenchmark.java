package io.mink.bench.registry;

import io.mink.bench.BenchmarkReport;
import io.mink.bench.BenchmarkTopic;
import io.mink.bench.FetchLimit;
import io.mink.bench.MinkEndToEnd;
import io.mink.bench.MinkEndToEnd.Outcome;
import io.mink.bench.PhaseResult;
import io.mink.cli.Main;
import io.mink.indexer.config.IndexerSettings;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How fast Mink decodes registry-encoded records, and how close its registry indexing path comes to
 * the limits of the machine it runs on. In one JVM:
 * <ol>
 *   <li>Decode and convert: a 21-field record (the test kit's {@code Order}) written by each language's
 *       reference library (Avro, Protobuf, JSON Schema), decoded by Mink's compiled decoder and assembled
 *       into table rows on one warm thread ({@link DecodeThroughput}).
 *   <li>Avro end to end: an in-process broker is filled with Confluent-prefixed Avro records whose
 *       schemas sit in an in-process Confluent-compatible registry (phase 0); then (a) one plain
 *       consumer reads them all, the fetch limit; (b) their typed rows, decoded beforehand, are
 *       written to Parquet through Iceberg's writer on one thread and on as many threads as Mink's
 *       writer lanes, the write limit; (c) Mink's tiering round indexes the topic with registry
 *       decoding into a fresh table, end to end. The figure of merit is c / min(a, b).
 * </ol>
 *
 * <p>Run it with {@code bench/registry-indexing [records]}; docs/benchmarks/registry-indexing.md explains the figures.
 * This is a command, not a test: nothing fails on a slow machine, only on wrong results.
 */
public final class RegistryIndexingBenchmark {
  static final int DEFAULT_RECORDS = 1_000_000;
  static final int PARTITIONS = 6;
  static final String TOPIC = "bench-registry";
  /** What (c) checks besides the row count and offsets. */
  private static final String CHECKED = "; no mink-raw.* entry; row 0 holds order 0";

  private RegistryIndexingBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    if (args.length > 1 || List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.err.println(
          "Usage: bench/registry-indexing [records (default " + DEFAULT_RECORDS + ")]");
      System.exit(args.length > 1 ? 2 : 0);
    }
    int records = records(args);
    run(records, System.out);
    System.exit(0);
  }

  static void run(int records, PrintStream out) {
    IndexerSettings settings = IndexerSettings.defaults();
    int lanes = settings.writerThreads();
    BenchmarkReport report = new BenchmarkReport(out, "registry indexing", lanes);
    report.header(
        List.of(
            String.format(
                Locale.ROOT,
                "records    part 1: %,d orders per language; part 2: %,d Avro orders, %d partitions,"
                    + " Confluent prefix on key (Avro long) and value (21-field Order), no headers",
                DecodeThroughput.PAYLOADS,
                records,
                PARTITIONS),
            "MB = 10^6 bytes (part 1: payload bytes; part 2: key + value + header bytes, prefixes included)"));

    DecodeReport decoding = new DecodeReport(out);
    decoding.decodeHeader();
    for (SchemaLanguage language : SchemaLanguage.values()) {
      decoding.decoded(DecodeThroughput.measure(language, RegistryTopic.SEED));
    }
    decoding.decodeFooter();

    decoding.endToEndHeader(records);
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        KafkaBroker broker = new KafkaBroker().start()) {
      OrderSchemas.Ids ids = OrderSchemas.register(registry, TOPIC);
      broker.createTopic(TOPIC, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS);
      report.produced(
          RegistryTopic.produce(broker, TOPIC, records, PARTITIONS, ids),
          "generation and Avro writing");
      Map<Integer, Long> ends = BenchmarkTopic.endOffsets(broker, TOPIC, records);

      report.warmUp(FetchLimit.read(broker, TOPIC, ends));
      PhaseResult fetch = report.phase(PhaseResult.measure(
          "(a) fetch limit, 1 consumer", records, () -> FetchLimit.read(broker, TOPIC, ends)));
      long targetFileSize = settings.targetFileSizeBytes();
      report.writeWarmUp(TypedWriteLimit.write(
          broker, registry, TOPIC, ends, lanes, targetFileSize, TypedWriteLimit.WARM_UP_RECORDS));
      PhaseResult writeOne = report.phase(PhaseResult.measure(
          "(b) typed write, 1 thread",
          records,
          () -> TypedWriteLimit.write(
              broker, registry, TOPIC, ends, 1, targetFileSize, Long.MAX_VALUE)));
      PhaseResult writeLanes = report.phase(PhaseResult.measure(
          "(b) typed write, " + lanes + (lanes == 1 ? " thread" : " threads"),
          records,
          () -> TypedWriteLimit.write(
              broker, registry, TOPIC, ends, lanes, targetFileSize, Long.MAX_VALUE)));
      AtomicReference<Outcome> outcome = new AtomicReference<>();
      PhaseResult mink =
          report.phase(PhaseResult.measure("(c) Mink end to end, decoded", records, () -> {
            outcome.set(MinkEndToEnd.index(
                broker,
                TOPIC,
                ends,
                settings,
                Map.of(),
                OrderSchemas.decoder(registry),
                OrderTableCheck::verify));
            return outcome.get().throughput();
          }));
      report.mink(outcome.get(), records, CHECKED);
      report.summary(1, fetch, writeOne, writeLanes, mink, outcome.get(), records, CHECKED);
    }
  }

  private static int records(String[] args) {
    if (args.length == 0) {
      return DEFAULT_RECORDS;
    }
    try {
      int value = Integer.parseInt(args[0].replace("_", "").replace(",", ""));
      if (value >= 1) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println("Invalid records '" + args[0] + "': use a whole number of at least 1");
    System.exit(2);
    return DEFAULT_RECORDS;
  }
}
