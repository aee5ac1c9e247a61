package io.mink.bench.query;

import io.mink.bench.BenchmarkTopic;
import io.mink.bench.FetchLimit;
import io.mink.bench.Throughput;
import io.mink.bench.read.OrderLog;
import io.mink.bench.read.TailDecodeLimit;
import io.mink.bench.registry.OrderEncoding;
import io.mink.bench.registry.OrderSchemas;
import io.mink.cli.Main;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.lake.LakeOffsets;
import io.mink.query.sql.QuerySettings;
import io.mink.query.sql.SqlEngine;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * mink-query's SQL engine against DuckDB reading the same Parquet files directly (the upper bound) and Spark SQL in
 * local mode on the lake (what users run today). In one JVM: an in-process broker and schema registry, a sidecar
 * over an embedded lake, and three topics of the registry benchmark's Avro orders: {@code orders} ({@code --rows},
 * tiered into the lake, then a {@code --tail} of records left in Kafka), {@code items} (a tenth as many, tiered: the
 * other side of the join) and {@code orders_tail} ({@code --tail} records, never tiered: a tail alone).
 *
 * <p>Each query runs once to warm up, then three times; the fastest run counts. First on the lake alone (mink-query,
 * direct DuckDB, Spark on the same snapshot), then, once the tail is produced, mink-query again over lake and tail;
 * then the tail alone against the fetch and the decoding of its records. Run it with {@code bench/query [--rows N]};
 * docs/benchmarks/query.md explains the figures. A command, not a test: it fails on a wrong answer, never on a slow
 * machine.
 */
public final class QueryBenchmark {
  static final int DEFAULT_ROWS = 10_000_000;
  static final int DEFAULT_TAIL = 200_000;
  static final int PARTITIONS = 4;
  static final String ORDERS = "orders";
  static final String ITEMS = "items";
  static final String TAIL = "orders_tail";
  /** A small tiered table whose count(*) costs little beyond what every statement costs. */
  static final String SMALL = "orders_small";

  static final int SMALL_ROWS = 1_000;
  /** So long that no round is cut short for freshness. */
  private static final Duration FRESHNESS = Duration.ofHours(1);

  private static final int MAX_ROUNDS = 1000;
  /** Spark's JVM: the heap and collector of the benchmark's own, and the full JIT (tests' Spark stops at C1). */
  static final List<String> SPARK_JVM = List.of("-Xmx2g", "-XX:+UseParallelGC");

  private QueryBenchmark() {}

  public static void main(String[] args) {
    Main.useMinkLogging();
    int rows = DEFAULT_ROWS;
    int tail = DEFAULT_TAIL;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rows" -> rows = number(args, ++i);
        case "--tail" -> tail = number(args, ++i);
        case "-h", "--help" -> {
          System.err.println("Usage: bench/query [--rows N (default " + DEFAULT_ROWS
              + ")] [--tail N (default " + DEFAULT_TAIL + ")]");
          System.exit(0);
        }
        default -> {
          System.err.println("Unknown argument '" + args[i] + "'; try --help");
          System.exit(2);
        }
      }
    }
    run(rows, tail, System.out);
    System.exit(0);
  }

  static void run(int rows, int tail, PrintStream out) {
    int items = Math.max(1, rows / 10);
    QueryReport report = new QueryReport(out, rows, tail, items);
    report.header(loadAverage());
    try (FakeSchemaRegistry registry = FakeSchemaRegistry.start();
        KafkaBroker broker = new KafkaBroker().start();
        Warehouse warehouse = Warehouse.create()) {
      Supplier<PartDecoder> decoders = () -> OrderSchemas.decoder(registry);
      Map<String, OrderLog> logs = new java.util.LinkedHashMap<>();
      for (String topic : List.of(ORDERS, ITEMS, TAIL, SMALL)) {
        OrderSchemas.Ids ids = OrderSchemas.register(registry, topic);
        broker.createTopic(topic, PARTITIONS, BenchmarkTopic.TOPIC_CONFIGS);
        logs.put(topic, new OrderLog(broker, topic, PARTITIONS, OrderEncoding.confluentAvro(ids)));
      }
      try (InProcessSidecar sidecar = new InProcessSidecar(
          broker.bootstrapServers(), warehouse.lakeSettings(), "_tables", decoders.get())) {
        TableDescriptor orders = sidecar.add(ORDERS, FRESHNESS);
        TableDescriptor itemsTable = sidecar.add(ITEMS, FRESHNESS);
        TableDescriptor tailTable = sidecar.add(TAIL, FRESHNESS);
        TableDescriptor smallTable = sidecar.add(SMALL, FRESHNESS);
        report.produced("orders, the lake part", logs.get(ORDERS).append(rows));
        report.produced("items", logs.get(ITEMS).append(items));
        report.produced("orders_tail", logs.get(TAIL).append(tail));
        report.produced("orders_small", logs.get(SMALL).append(SMALL_ROWS));
        report.tiered("orders", tierTo(sidecar, orders, broker, rows));
        report.tiered("items", tierTo(sidecar, itemsTable, broker, items));
        report.tiered("orders_small", tierTo(sidecar, smallTable, broker, SMALL_ROWS));

        Instant from = Instant.ofEpochMilli(OrderLog.BASE_TIMESTAMP + rows / 2 - rows / 200);
        Instant to = from.plusMillis(Math.max(1, rows / 100));
        QuerySettings settings = QuerySettings.defaults(orders.namespace());
        List<BenchQuery> queries = BenchQuery.all();
        try (EngineTables local =
                new EngineTables(sidecar, decoders.get(), Optional.of(warehouse.directory()));
            EngineTables remote = new EngineTables(sidecar, decoders.get(), Optional.empty());
            SqlEngine sql = new SqlEngine(local, settings);
            SqlEngine streamed = new SqlEngine(remote, settings);
            DirectDuckDb duckdb = new DirectDuckDb(settings.targetPartitions())) {
          MinkEngine mink = new MinkEngine(sql);
          String minkOrders = orders.qualifiedName();
          String minkItems = itemsTable.qualifiedName();
          QueryPhases.explainAll(report, mink, queries, minkOrders, minkItems, from, to);
          report.phase("lake alone: mink-query, DuckDB on the files, Spark; load " + loadAverage());
          QueryPhases.LakeFigures lake = QueryPhases.lakePhase(
              report, mink, duckdb, warehouse, queries, orders, itemsTable, sidecar, from, to);
          FixedCost fixed = FixedCost.measure(mink, smallTable, SMALL_ROWS);
          report.fixedCost(fixed);
          QueryPhases.streamedPhase(
              report, new MinkEngine(streamed), queries, minkOrders, minkItems, from, to);
          report.produced("orders, the tail", logs.get(ORDERS).append(tail));
          BenchmarkTopic.endOffsets(broker, ORDERS, (long) rows + tail);
          report.phase(
              "lake and a tail of " + tail + " records: mink-query; load " + loadAverage());
          List<QueryReport.Row> figures =
              QueryPhases.withTail(report, mink, queries, lake, minkOrders, minkItems, from, to);
          report.phase("the tail alone: " + TAIL + ", never tiered; load " + loadAverage());
          Engine.Timed tailCount = QueryPhases.tailCount(mink, tailTable, tail);
          Map<Integer, Long> tailEnds = BenchmarkTopic.endOffsets(broker, TAIL, tail);
          FetchLimit.read(broker, TAIL, tailEnds);
          Throughput fetch = FetchLimit.read(broker, TAIL, tailEnds);
          TailDecodeLimit.decode(broker, sidecar, tailTable, decoders, tailEnds);
          Throughput decode =
              TailDecodeLimit.decode(broker, sidecar, tailTable, decoders, tailEnds);
          report.summary(figures, fixed, tailCount, fetch, decode, loadAverage());
        }
      }
    }
  }

  static void check(BenchQuery query, String engine, long n, long expected) {
    if (n != expected) {
      throw new IllegalStateException(engine + " answered n = " + n + " to " + query.name()
          + ", mink-query " + expected + " on the same snapshot");
    }
  }

  /** Runs rounds of {@code table} until its newest Mink snapshot carries every record of its topic. */
  private static QueryReport.Tiered tierTo(
      InProcessSidecar sidecar, TableDescriptor table, KafkaBroker broker, long records) {
    LakeOffsets target = LakeOffsets.of(BenchmarkTopic.endOffsets(broker, table.topic(), records));
    int rounds = 0;
    long started = System.nanoTime();
    try (KafkaConsumer<ByteBuffer, ByteBuffer> consumer = sidecar.newConsumer()) {
      while (!sidecar.offsets(table).equals(target)) {
        if (rounds == MAX_ROUNDS) {
          throw new IllegalStateException("Mink did not reach the offsets " + target + " of "
              + table.qualifiedName() + " in " + MAX_ROUNDS + " rounds");
        }
        RoundResult round = sidecar.runRound(table, consumer);
        if (!round.rawParts().isEmpty()) {
          throw new IllegalStateException("Mink left parts raw: " + round.rawParts());
        }
        rounds++;
      }
    }
    long nanos = System.nanoTime() - started;
    var summary = sidecar.table(table).currentSnapshot().summary();
    return new QueryReport.Tiered(
        records,
        Long.parseLong(summary.get("total-data-files")),
        Long.parseLong(summary.get("total-files-size")),
        rounds,
        nanos);
  }

  static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static int number(String[] args, int index) {
    if (index < args.length) {
      try {
        int value = Integer.parseInt(args[index].replace("_", "").replace(",", ""));
        if (value >= 1_000) {
          return value;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
    }
    System.err.println("Expected a whole number of at least 1000 after " + args[index - 1]);
    System.exit(2);
    return 0;
  }
}
