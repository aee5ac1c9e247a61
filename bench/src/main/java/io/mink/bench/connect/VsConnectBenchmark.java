package io.mink.bench.connect;

import io.mink.bench.BenchmarkReport;
import io.mink.bench.BenchmarkTopic;
import io.mink.bench.FetchLimit;
import io.mink.bench.MinkEndToEnd;
import io.mink.bench.MinkEndToEnd.Outcome;
import io.mink.bench.PhaseResult;
import io.mink.bench.Throughput;
import io.mink.bench.WriteLimit;
import io.mink.bench.registry.OrderEncoding;
import io.mink.bench.registry.OrderSchemas;
import io.mink.bench.registry.OrderTableCheck;
import io.mink.bench.registry.RegistryTopic;
import io.mink.bench.registry.TypedWriteLimit;
import io.mink.cli.Main;
import io.mink.indexer.config.Durations;
import io.mink.indexer.config.IndexerSettings;
import io.mink.testkit.ChildClasspath;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SidecarProcess;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Mink against Iceberg's own Kafka Connect sink, in one run on one machine and one in-process broker. The same
 * orders (the test kit's 21-field {@code Order}) go to three topics: (1) Avro with Confluent's prefix through an
 * in-process schema registry, (2) plain JSON, (3) the same JSON bytes for Mink to keep raw. Then, one after the
 * other: the fetch limits and write limits of topics 1 and 3; Mink end to end on topic 1 (typed) and on topic 3
 * (raw), twice: its rounds in this JVM, then as a user runs it, {@code mink serve} in a JVM of its own timed from
 * {@code mink table add} ({@link MinkServeRun}); and the sink on topic 2 in a Kafka Connect standalone worker of its
 * own, timed from adding the connector ({@link ConnectSinkRun}). It prints records per second, MB/s and CPU-seconds
 * per million records of each, both of Mink's figures against the sink's with the aims, and one summary
 * line.
 *
 * <p>Run it with {@code bench/vs-connect [records]}; docs/benchmarks/vs-connect.md explains the figures. It fails on wrong row
 * counts, never because a machine is slow.
 */
public final class VsConnectBenchmark {
  static final int DEFAULT_RECORDS = 2_000_000;
  static final int PARTITIONS = 3;
  static final String TYPED_TOPIC = "vs-connect-avro";
  static final String JSON_TOPIC = "vs-connect-json";
  static final String RAW_TOPIC = "vs-connect-raw";
  private static final String TYPED_CHECKED = "; no mink-raw.* entry; row 0 holds order 0";

  private VsConnectBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    if (args.length > 1 || List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.err.println("Usage: bench/vs-connect [records (default " + DEFAULT_RECORDS + ")]");
      System.exit(args.length > 1 ? 2 : 0);
    }
    int records = records(args);
    run(records, System.out);
    System.exit(0);
  }

  static void run(int records, PrintStream out) {
    IndexerSettings settings = IndexerSettings.defaults();
    String connectClasspath = ChildClasspath.CONNECT_SINK.find();
    SinkSettings sink = SinkSettings.of(JSON_TOPIC);
    BenchmarkReport report =
        new BenchmarkReport(out, "against Iceberg's Kafka Connect sink", settings.writerThreads());
    List<String> setup = new ArrayList<>();
    setup.add(String.format(
        Locale.ROOT,
        "records    %,d orders (21 fields) in each of 3 topics of %d partitions: %s (Avro, Confluent prefix),"
            + " %s (plain JSON, for the sink), %s (the same JSON, which Mink keeps raw)",
        records,
        PARTITIONS,
        TYPED_TOPIC,
        JSON_TOPIC,
        RAW_TOPIC));
    setup.add(
        "Mink (c)   rounds in this JVM: its default writer threads and target file size, one round to the end offsets");
    setup.add(String.format(
        Locale.ROOT,
        "Mink (d)   mink serve in a JVM of its own (%s serve, as bin/mink starts it: %s), one per topic, then mink"
            + " table add TOPIC in another; mink.toml: this broker, the registry for typed records, the embedded"
            + " lake; the default freshness (%s) and every other key Mink's default but its topics, group and port",
        SidecarProcess.MAIN_CLASS,
        String.join(" ", MinkServeRun.serveJvmOptions()),
        Durations.format(settings.freshness())));
    setup.addAll(sink.describe());
    setup.add("MB = 10^6 bytes of key + value as in Kafka (prefixes included)");
    report.header(setup);
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        KafkaBroker broker = new KafkaBroker().start()) {
      Map<String, Throughput> produced = produce(broker, registry, records);
      produced.forEach((topic, throughput) ->
          report.produced(throughput, topic + "; the time is all three topics', generation"));
      Map<String, Map<Integer, Long>> ends = new LinkedHashMap<>();
      for (String topic : produced.keySet()) {
        ends.put(topic, BenchmarkTopic.endOffsets(broker, topic, records));
        report.warmUp(FetchLimit.read(broker, topic, ends.get(topic)));
      }
      List<PhaseFigures> phases =
          new ArrayList<>(limits(report, broker, registry, ends, settings, produced));
      PhaseFigures typed = mink(report, broker, ends, settings, records, registry);
      PhaseFigures raw = mink(report, broker, ends, settings, records, null);
      PhaseFigures typedServe =
          serve(out, broker, TYPED_TOPIC, ends, produced, registry.url(), records);
      PhaseFigures rawServe = serve(out, broker, RAW_TOPIC, ends, produced, null, records);
      out.printf(
          "== (e) Iceberg's Kafka Connect sink on %s: starting Kafka Connect (up to %d s)%n",
          JSON_TOPIC, ConnectSinkRun.timeout(records).toSeconds());
      out.flush();
      SinkOutcome sinkOutcome = ConnectSinkRun.run(
          broker, sink, records, produced.get(JSON_TOPIC).bytes(), connectClasspath);
      PhaseFigures sinkFigures = PhaseFigures.sink("(e) Kafka Connect sink, JSON", sinkOutcome);
      out.printf(
          "   the sink committed %,d rows to %s = produced %,d%n",
          sinkOutcome.records(), sink.table(), records);
      phases.addAll(List.of(typed, raw, typedServe, rawServe, sinkFigures));
      VsConnectReport comparison = new VsConnectReport(out);
      comparison.table(phases);
      comparison.sink(sinkOutcome);
      comparison.summary(
          new VsConnectReport.MinkFigures(typed, typedServe, raw, rawServe), sinkFigures);
    }
  }

  /** Sends the same orders to the three topics, created first. */
  private static Map<String, Throughput> produce(
      KafkaBroker broker, FakeSchemaRegistry registry, int records) {
    Map<String, OrderEncoding> topics = new LinkedHashMap<>();
    topics.put(
        TYPED_TOPIC, OrderEncoding.confluentAvro(OrderSchemas.register(registry, TYPED_TOPIC)));
    topics.put(JSON_TOPIC, OrderEncoding.json());
    topics.put(RAW_TOPIC, OrderEncoding.json());
    topics
        .keySet()
        .forEach(topic -> broker.createTopic(topic, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS));
    return RegistryTopic.produce(broker, records, PARTITIONS, topics);
  }

  /** (a) the fetch limits of topics 1 and 3, (b) their write limits on Mink's writer threads. */
  private static List<PhaseFigures> limits(
      BenchmarkReport report,
      KafkaBroker broker,
      FakeSchemaRegistry registry,
      Map<String, Map<Integer, Long>> ends,
      IndexerSettings settings,
      Map<String, Throughput> produced) {
    int lanes = settings.writerThreads();
    long fileSize = settings.targetFileSizeBytes();
    String threads = lanes + (lanes == 1 ? " thread" : " threads");
    long records = produced.get(TYPED_TOPIC).records();
    List<PhaseFigures> limits = new ArrayList<>();
    for (String topic : List.of(TYPED_TOPIC, RAW_TOPIC)) {
      limits.add(PhaseFigures.fetch(report.phase(PhaseResult.measure(
          "(a) fetch limit, " + topic,
          records,
          () -> FetchLimit.read(broker, topic, ends.get(topic))))));
    }
    Map<Integer, Long> typedEnds = ends.get(TYPED_TOPIC);
    report.writeWarmUp(TypedWriteLimit.write(
        broker,
        registry,
        TYPED_TOPIC,
        typedEnds,
        lanes,
        fileSize,
        TypedWriteLimit.WARM_UP_RECORDS));
    limits.add(PhaseFigures.write(report.phase(PhaseResult.measure(
        "(b) typed write limit, " + threads,
        records,
        () -> TypedWriteLimit.write(
            broker, registry, TYPED_TOPIC, typedEnds, lanes, fileSize, Long.MAX_VALUE)))));
    int valueBytes = (int) (produced.get(RAW_TOPIC).bytes() / records);
    limits.add(PhaseFigures.write(report.phase(PhaseResult.measure(
        "(b) raw write limit, " + threads,
        records,
        () -> WriteLimit.write(
            broker, RAW_TOPIC, ends.get(RAW_TOPIC), valueBytes, lanes, fileSize, Map.of())))));
    return limits;
  }

  /** (c) Mink end to end: typed on topic 1 with the registry's decoder, raw on topic 3 without one. */
  private static PhaseFigures mink(
      BenchmarkReport report,
      KafkaBroker broker,
      Map<String, Map<Integer, Long>> ends,
      IndexerSettings settings,
      int records,
      FakeSchemaRegistry registry) {
    boolean typed = registry != null;
    String topic = typed ? TYPED_TOPIC : RAW_TOPIC;
    String name = typed ? "(c) Mink end to end, typed Avro" : "(c) Mink end to end, raw";
    AtomicReference<Outcome> outcome = new AtomicReference<>();
    report.phase(PhaseResult.measure(name, records, () -> {
      outcome.set(MinkEndToEnd.index(
          broker,
          topic,
          ends.get(topic),
          settings,
          Map.of(),
          typed ? OrderSchemas.decoder(registry) : null,
          typed ? OrderTableCheck::verify : table -> {}));
      return outcome.get().throughput();
    }));
    report.mink(outcome.get(), records, typed ? TYPED_CHECKED : "");
    return PhaseFigures.mink(name, outcome.get());
  }

  /**
   * (d) Mink as a user runs it: a fresh {@code mink serve} JVM, timed from {@code mink table add} until the lake
   * holds every record, with the whole JVM's CPU time.
   *
   * @param registryUrl the registry typed records decode through; null for the raw topic
   */
  private static PhaseFigures serve(
      PrintStream out,
      KafkaBroker broker,
      String topic,
      Map<String, Map<Integer, Long>> ends,
      Map<String, Throughput> produced,
      String registryUrl,
      int records) {
    boolean typed = registryUrl != null;
    String name = typed ? "(d) mink serve, typed Avro" : "(d) mink serve, raw";
    out.printf(
        "== %s on %s: starting mink serve (up to %d s)%n",
        name, topic, ConnectSinkRun.timeout(records).toSeconds());
    out.flush();
    ServeOutcome outcome = MinkServeRun.run(
        broker,
        typed ? "vs_connect_typed" : "vs_connect_raw",
        topic,
        ends.get(topic),
        produced.get(topic).bytes(),
        registryUrl,
        typed);
    PhaseFigures figures = PhaseFigures.serve(name, outcome);
    out.printf(
        Locale.ROOT,
        "== %s: %,d records in %.2f s from mink table add to the commit: %,.0f records/s, %.1f MB/s; the mink serve"
            + " JVM %.1f CPU-s from its launch, %.2f per million%n",
        name,
        outcome.records(),
        figures.nanos() / 1e9,
        figures.recordsPerSecond(),
        figures.megabytesPerSecond(),
        outcome.processCpuNanos() / 1e9,
        figures.processCpuSecondsPerMillion());
    new VsConnectReport(out).serve(outcome, typed ? TYPED_CHECKED : "");
    return figures;
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
