package io.mink.bench.fuzz;

import io.mink.bench.BenchmarkTopic;
import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.stats.RoundCounters;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.indexer.testing.RoundRunner;
import io.mink.lake.LakeOffsets;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.ConfluentRegistryClient;
import io.mink.schema.registry.ConfluentRegistrySettings;
import io.mink.schema.registry.GlueRegistryClient;
import io.mink.schema.registry.GlueRegistrySettings;
import io.mink.schema.registry.RoutingSchemaRegistry;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import io.mink.testkit.registry.GlueSchemaRegistryStandIn;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fuzzed and mutated records through the whole pipeline, in one JVM: an in-process Kafka broker, a
 * Confluent-compatible registry and a Glue stand-in holding the order schema in Avro, Protobuf and JSON Schema, and
 * a running sidecar ({@link InProcessSidecar}: the tiering service of {@code mink serve}, with Mink's default writer
 * threads, writer memory and open files) that decodes through both registries into the embedded lake. The records
 * ({@link FuzzRecords}) are valid orders in the three wire formats, raw text, tombstones, and mutations of valid
 * records: bit flips, truncations, extensions, unknown schema ids, bad magic bytes, random bytes, and payloads under
 * another language's schema. Production runs while the sidecar tiers.
 *
 * <p>It then checks that every offset has exactly one row, that each part the lake holds raw is the produced bytes
 * exactly, that every valid record decoded, that no round failed, that no error or exception reached the log and no
 * exception escaped a thread, and that the heap stayed under its maximum; and prints the counts per kind and per
 * reason. Run it with {@code bench/fuzz [records | --quick]}; docs/benchmarks/fuzz.md explains the figures. A command,
 * not a test: it fails on wrong results, never on a slow machine.
 */
public final class FuzzBenchmark {
  static final int DEFAULT_RECORDS = 1_000_000;
  static final int QUICK_RECORDS = 100_000;
  static final int PARTITIONS = 6;
  static final long SEED = 42;
  static final String TOPIC = "bench-fuzz";
  private static final String REGION = "us-east-1";
  private static final Duration FRESHNESS = Duration.ofSeconds(10);
  private static final Duration CATCH_UP = Duration.ofMinutes(30);

  private FuzzBenchmark() {}

  public static void main(String[] args) {
    if (args.length > 1 || List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.err.println("Usage: bench/fuzz [records (default " + DEFAULT_RECORDS + ") | --quick ("
          + QUICK_RECORDS + " records)]");
      System.exit(args.length > 1 ? 2 : 0);
    }
    long records = records(args);
    Path directory;
    try {
      directory = Files.createTempDirectory("mink-fuzz");
    } catch (IOException e) {
      System.err.println(
          "Cannot create a temporary directory: " + e.getMessage() + "; check java.io.tmpdir");
      System.exit(1);
      return;
    }
    LogScan logs = LogScan.configure(directory);
    System.exit(run(records, logs, System.out) ? 0 : 1);
  }

  static boolean run(long count, LogScan logs, PrintStream out) {
    AtomicLong uncaught = new AtomicLong();
    Thread.setDefaultUncaughtExceptionHandler((thread, error) -> {
      uncaught.incrementAndGet();
      System.err.println("Uncaught in thread " + thread.getName() + ": " + error);
    });
    FuzzReport report = new FuzzReport(out);
    report.header(count, PARTITIONS, SEED);
    try (KafkaBroker broker = new KafkaBroker().start();
        FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        GlueSchemaRegistryStandIn glue = GlueSchemaRegistryStandIn.start(REGION);
        Warehouse warehouse = Warehouse.create()) {
      broker.createTopic(TOPIC, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS);
      FuzzRecords records =
          new FuzzRecords(FuzzSchemas.register(registry, glue, TOPIC, SEED), SEED);
      IndexerSettings defaults = IndexerSettings.defaults();
      RoundCounters counters = new RoundCounters();
      HeapPeaks heap = HeapPeaks.watch();
      try (InProcessSidecar sidecar = new InProcessSidecar(
          broker.bootstrapServers(),
          warehouse.lakeSettings(),
          "_mink_tables_fuzz",
          RoundRunner.settings(defaults.writerThreads(), defaults.targetFileSizeBytes()),
          decoder(registry, glue))) {
        sidecar.service.statusBoard().addListener(counters);
        TableDescriptor table = sidecar.add(TOPIC, FRESHNESS);
        sidecar.start();
        long started = System.nanoTime();
        report.produced(FuzzProducer.produce(broker, TOPIC, records, PARTITIONS, count));
        LakeOffsets ends = LakeOffsets.of(broker.endOffsets(TOPIC));
        awaitTiered(sidecar, table, ends, report);
        report.tiered(System.nanoTime() - started, counters.snapshot().get(table.qualifiedName()));
        HeapPeaks.Peaks peaks = heap.stop();
        FuzzCheck.Result check = FuzzCheck.verify(sidecar.table(table), records, PARTITIONS, count);
        report.checked(check);
        report.reasons(counters.snapshot().get(table.qualifiedName()), check.reasons());
        report.registryRequests(registry.requestCount(), glue.requestCount());
        report.logs(logs.scan(), uncaught.get());
        report.heap(peaks);
        return report.verdict(
            check,
            counters.snapshot().get(table.qualifiedName()),
            logs.scan(),
            uncaught.get(),
            peaks);
      }
    }
  }

  /** The decoder {@code mink serve} builds with both a Confluent registry and AWS Glue configured. */
  private static PartDecoder decoder(FakeSchemaRegistry registry, GlueSchemaRegistryStandIn glue) {
    return RegistryDecoders.forRegistry(new RoutingSchemaRegistry(
        Optional.of(ConfluentRegistryClient.create(ConfluentRegistrySettings.of(registry.url()))),
        Optional.of(GlueRegistryClient.create(GlueRegistrySettings.of(REGION)
            .withEndpoint(glue.endpoint())
            .withStaticCredentials("test", "test")))));
  }

  private static void awaitTiered(
      InProcessSidecar sidecar, TableDescriptor table, LakeOffsets ends, FuzzReport report) {
    long deadline = System.nanoTime() + CATCH_UP.toNanos();
    long nextProgress = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (true) {
      LakeOffsets reached = sidecar.offsets(table);
      if (reached.equals(ends)) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("The sidecar did not reach the end offsets " + ends
            + " within " + CATCH_UP.toMinutes() + " minutes; it is at " + reached);
      }
      if (System.nanoTime() > nextProgress) {
        report.progress(reached, ends);
        nextProgress = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for the sidecar", e);
      }
    }
  }

  private static long records(String[] args) {
    if (args.length == 0) {
      return DEFAULT_RECORDS;
    }
    if (args[0].equals("--quick")) {
      return QUICK_RECORDS;
    }
    try {
      long value = Long.parseLong(args[0].replace("_", "").replace(",", ""));
      if (value >= 1 && value <= Integer.MAX_VALUE) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    System.err.println("Invalid records '" + args[0] + "': use a whole number from 1 to "
        + Integer.MAX_VALUE + ", or --quick");
    System.exit(2);
    return DEFAULT_RECORDS;
  }
}
