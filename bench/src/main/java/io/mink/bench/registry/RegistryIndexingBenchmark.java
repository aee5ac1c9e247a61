package io.mink.bench.registry;

import io.mink.bench.BenchmarkReport;
import io.mink.bench.BenchmarkTopic;
import io.mink.bench.FetchLimit;
import io.mink.bench.MinkEndToEnd;
import io.mink.bench.MinkEndToEnd.Outcome;
import io.mink.bench.PhaseResult;
import io.mink.bench.Throughput;
import io.mink.bench.WriteLimit;
import io.mink.cli.Main;
import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.SchemaType;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.orders.AvroOrders;
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
 * <p>Run it with {@code bench/registry-indexing [records]}; docs/benchmarks.md explains the figures.
 * This is a command, not a test: nothing fails on a slow machine, only on wrong results.
 */
public final class RegistryIndexingBenchmark {
  static final int DEFAULT_RECORDS = 1_000_000;
  static final int PARTITIONS = 6;
  static final String TOPIC = "bench-registry";
  /**
   * Records the write path is warmed up with before (b) is timed, so that neither write run pays for
   * compiling Parquet's encoders; (c) runs the same code after (b).
   */
  static final long WRITE_WARM_UP_RECORDS = 200_000;
  /**
   * Records per partition in a chunk of the write limit: 6 partitions × 5,000 typed rows are about 50 MB of heap,
   * beside the open Parquet writers' buffers. 1,000 to 10,000 gave the same write CPU per row.
   */
  static final int CHUNK_RECORDS_PER_PARTITION = 5_000;
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
      int keyId = registry
          .register(TOPIC + "-key", SchemaType.AVRO, AvroOrderWriter.KEY_SCHEMA)
          .id();
      int valueId = registry
          .register(TOPIC + "-value", SchemaType.AVRO, AvroOrders.VALUE_SCHEMA.toString())
          .id();
      broker.createTopic(TOPIC, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS);
      report.produced(
          RegistryTopic.produce(broker, TOPIC, records, PARTITIONS, keyId, valueId),
          "generation and Avro writing");
      Map<Integer, Long> ends = BenchmarkTopic.endOffsets(broker, TOPIC, records);

      report.warmUp(FetchLimit.read(broker, TOPIC, ends));
      PhaseResult fetch = report.phase(PhaseResult.measure(
          "(a) fetch limit, 1 consumer", records, () -> FetchLimit.read(broker, TOPIC, ends)));
      long targetFileSize = settings.targetFileSizeBytes();
      report.writeWarmUp(
          typedWrite(broker, registry, ends, lanes, targetFileSize, WRITE_WARM_UP_RECORDS));
      PhaseResult writeOne = report.phase(PhaseResult.measure(
          "(b) typed write, 1 thread",
          records,
          () -> typedWrite(broker, registry, ends, 1, targetFileSize, Long.MAX_VALUE)));
      PhaseResult writeLanes = report.phase(PhaseResult.measure(
          "(b) typed write, " + lanes + (lanes == 1 ? " thread" : " threads"),
          records,
          () -> typedWrite(broker, registry, ends, lanes, targetFileSize, Long.MAX_VALUE)));
      AtomicReference<Outcome> outcome = new AtomicReference<>();
      PhaseResult mink =
          report.phase(PhaseResult.measure("(c) Mink end to end, decoded", records, () -> {
            outcome.set(MinkEndToEnd.index(
                broker,
                TOPIC,
                ends,
                settings,
                Map.of(),
                decoder(registry),
                OrderTableCheck::verify));
            return outcome.get().throughput();
          }));
      report.mink(outcome.get(), records, CHECKED);
      report.summary(1, fetch, writeOne, writeLanes, mink, outcome.get(), records, CHECKED);
    }
  }

  /**
   * Phase (b), the typed write limit: the records decoded into the rows a round builds, {@link
   * #CHUNK_RECORDS_PER_PARTITION} per partition at a time and untimed, then written (timed).
   */
  private static Throughput typedWrite(
      KafkaBroker broker,
      FakeSchemaRegistry registry,
      Map<Integer, Long> ends,
      int threads,
      long targetFileSize,
      long maxRecords) {
    return WriteLimit.write(
        broker,
        TOPIC,
        ends,
        new TypedRows(decoder(registry)),
        CHUNK_RECORDS_PER_PARTITION,
        threads,
        targetFileSize,
        Map.of(),
        maxRecords);
  }

  /** The decoder the sidecar builds for a Confluent registry at this URL: fresh, so its caches start empty. */
  private static PartDecoder decoder(FakeSchemaRegistry registry) {
    return RegistryDecoders.forRegistry(
        ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url())));
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
