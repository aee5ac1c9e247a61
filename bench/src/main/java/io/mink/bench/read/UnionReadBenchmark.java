package io.mink.bench.read;

import io.mink.bench.BenchmarkReport;
import io.mink.bench.BenchmarkTopic;
import io.mink.bench.Throughput;
import io.mink.bench.registry.OrderEncoding;
import io.mink.bench.registry.OrderSchemas;
import io.mink.cli.Main;
import io.mink.cli.read.ReadOutput;
import io.mink.indexer.config.IndexerSettings;
import io.mink.query.read.UnionRead;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * How fast {@code mink read} reads a typed table from the lake, from the Kafka log and from both, and how fast its
 * writers print the rows, each against a limit measured in the same run. In one JVM: an in-process broker and
 * schema registry, a 4-partition topic of Confluent-prefixed Avro orders (the registry benchmark's), and two tables
 * of it in embedded lakes: one that rounds index (first all but the last 5% of the records, then the rest) and one
 * never indexed. Then (a) a lake read against Iceberg's generic reader, of every column and of the primitive ones
 * (which Mink reads with Iceberg's vectorized reader); (b) a union read of the never-indexed table,
 * whose whole log is its tail, against a plain fetch and the decoding alone, with and without the tail memory bound;
 * (c) a union read of the first snapshot with its 5% tail; (d) the lake read printed as JSON lines and as an Arrow
 * stream.
 *
 * <p>Run it with {@code bench/union-read [records]}; docs/benchmarks/union-read.md explains the figures. This is a command,
 * not a test: it fails on a wrong row count, never on a slow machine.
 */
public final class UnionReadBenchmark {
  static final int DEFAULT_RECORDS = 2_000_000;
  static final int MIN_RECORDS = 100;
  static final int PARTITIONS = 4;
  static final String TOPIC = "bench-read";
  /** The share of the records left to the tail of (c). */
  static final double TAIL_SHARE = 0.05;
  /** Rows of each untimed warm-up read, at most. */
  static final long WARM_UP_ROWS = 200_000;
  /**
   * Consumer properties for the reads over those {@code mink read} uses, as {@code k=v,k=v}, such as {@code
   * fetch.max.wait.ms=50}: for trying other fetch settings. Empty by default, so the reads fetch as mink read does.
   */
  static final String READ_CONSUMER_PROPERTY = "mink.bench.read-consumer";
  /**
   * The tail memory of (b)'s bounded read in bytes, UnionRead.TAIL_MEMORY_BYTES by default: a smaller one shows the
   * second pass in a quick run.
   */
  static final String TAIL_MEMORY_PROPERTY = "mink.bench.tail-memory";

  private UnionReadBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    if (args.length > 1 || List.of(args).contains("-h") || List.of(args).contains("--help")) {
      System.err.println("Usage: bench/union-read [records (default " + DEFAULT_RECORDS + ")]");
      System.exit(args.length > 1 ? 2 : 0);
    }
    run(records(args), System.out);
    System.exit(0);
  }

  static void run(int records, PrintStream out) {
    BenchmarkReport phases =
        new BenchmarkReport(out, "union read", IndexerSettings.defaults().writerThreads());
    ReadReport reads = new ReadReport(out);
    Map<String, Object> consumerSettings =
        consumerSettings(System.getProperty(READ_CONSUMER_PROPERTY, ""));
    long tailMemory = Long.getLong(TAIL_MEMORY_PROPERTY, UnionRead.TAIL_MEMORY_BYTES);
    phases.header(List.of(
        String.format(
            Locale.ROOT,
            "records    %,d Avro orders (21 fields, a nested struct, a list, an enum), %d partitions,"
                + " Confluent prefix on key and value; (c)'s tail the last %.0f%%",
            records,
            PARTITIONS,
            TAIL_SHARE * 100),
        String.format(
            Locale.ROOT,
            "reads      on one thread, as mink read runs them; (b)'s tail memory %.1f MiB%s",
            tailMemory / (double) (1 << 20),
            tailMemory == UnionRead.TAIL_MEMORY_BYTES ? " (UnionRead.TAIL_MEMORY_BYTES)" : ""),
        "consumer   mink read's (no fetch settings of its own)"
            + (consumerSettings.isEmpty() ? "" : " with " + consumerSettings)));
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        KafkaBroker broker = new KafkaBroker().start()) {
      OrderSchemas.Ids ids = OrderSchemas.register(registry, TOPIC);
      broker.createTopic(TOPIC, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS);
      OrderLog log = new OrderLog(broker, TOPIC, PARTITIONS, OrderEncoding.confluentAvro(ids));
      try (ReadTables tables =
          new ReadTables(broker, TOPIC, () -> OrderSchemas.decoder(registry), consumerSettings)) {
        ReadPhases.Setup setup = load(records, broker, log, tables, phases, reads);
        ReadPhases measured = new ReadPhases(setup, phases, reads);
        measured.warmUp(Math.min(WARM_UP_ROWS, records / 5));
        ReadFigures figures = measure(measured, tailMemory);
        reads.table(figures);
        reads.limits(figures, TAIL_SHARE);
      }
    }
  }

  /** Fills the topic and the tiered table: all but the tail, a round, the tail, a round. */
  private static ReadPhases.Setup load(
      int records,
      KafkaBroker broker,
      OrderLog log,
      ReadTables tables,
      BenchmarkReport phases,
      ReadReport reads) {
    int tailRecords = Math.max(1, (int) Math.round(records * TAIL_SHARE));
    Throughput lakePart = log.append(records - tailRecords);
    phases.produced(lakePart, "generation and Avro writing");
    ReadTables.Tiered typical = tables.tierTo(BenchmarkTopic.endOffsets(broker, TOPIC, log.size()));
    reads.tiered("all but the tail", typical);
    Throughput tailPart = log.append(tailRecords);
    phases.produced(tailPart, "generation and Avro writing");
    Map<Integer, Long> ends = BenchmarkTopic.endOffsets(broker, TOPIC, records);
    ReadTables.Tiered all = tables.tierTo(ends);
    reads.tiered("the tail too", all);
    return new ReadPhases.Setup(
        broker,
        TOPIC,
        tables,
        ends,
        records,
        typical,
        all,
        lakePart.bytes() + tailPart.bytes(),
        tailPart.bytes());
  }

  private static ReadFigures measure(ReadPhases phases, long tailMemory) {
    var lake = phases.lake("(a) lake read, --mode lake", List.of());
    var iceberg = phases.icebergLimit("(a) limit: Iceberg generic read", List.of());
    List<String> primitive = phases.primitiveColumns();
    var lakePrimitive = phases.lake("(a) lake read, primitive columns", primitive);
    var icebergPrimitive = phases.icebergLimit("(a) limit: Iceberg, primitive columns", primitive);
    var tail = phases.tail("(b) tail read, --mode union", tailMemory);
    var tailUnbounded = phases.tail("(b) tail read, no tail memory bound", Long.MAX_VALUE);
    var fetch = phases.fetchLimit();
    var decode = phases.decodeLimit();
    var union = phases.union();
    var json = phases.output(ReadOutput.json);
    var arrow = phases.output(ReadOutput.arrow);
    return new ReadFigures(
        lake,
        iceberg,
        lakePrimitive,
        icebergPrimitive,
        fetch,
        decode,
        tail,
        tailUnbounded,
        union,
        json,
        arrow);
  }

  private static Map<String, Object> consumerSettings(String spec) {
    Map<String, Object> settings = new TreeMap<>();
    for (String setting : spec.split(",")) {
      if (setting.isBlank()) {
        continue;
      }
      int equals = setting.indexOf('=');
      if (equals < 1) {
        throw new IllegalArgumentException("Invalid -D" + READ_CONSUMER_PROPERTY + " entry '"
            + setting + "': use key=value pairs separated by commas, such as fetch.max.wait.ms=50");
      }
      settings.put(
          setting.substring(0, equals).trim(), setting.substring(equals + 1).trim());
    }
    return settings;
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
