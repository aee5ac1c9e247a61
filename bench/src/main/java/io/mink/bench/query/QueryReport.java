package io.mink.bench.query;

import io.mink.bench.Throughput;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** What the query benchmark prints: its setup as it goes, then the table of figures against the aims. */
final class QueryReport {
  /** mink-query within this factor of DuckDB reading the same files directly, on the lake part. */
  static final double DUCKDB_AIM = 1.5;
  /** mink-query at least this many times faster than Spark SQL on the lake. */
  static final double SPARK_AIM = 3.0;
  /** What every statement may cost besides reading rows: count(*) of a small table, the median run. */
  static final double FIXED_COST_AIM_MS = 10.0;
  /** mink-query's count(*) over the lake within this factor of DuckDB counting the same files. */
  static final double COUNT_AIM = 3.0;

  /**
   * What the rounds of one table committed.
   *
   * @param parquetBytes the snapshot's total-files-size
   */
  record Tiered(long rows, long dataFiles, long parquetBytes, int rounds, long nanos) {}

  /** One query's figures: mink-query and DuckDB on the lake alone, then mink-query with the tail (Spark's are kept by name). */
  record Row(String query, Engine.Timed mink, Engine.Timed duckdb, Engine.Timed withTail) {}

  private final PrintStream out;
  private final int rows;
  private final int tail;
  private final int items;
  private final java.util.Map<String, Engine.Timed> spark = new java.util.HashMap<>();

  QueryReport(PrintStream out, int rows, int tail, int items) {
    this.out = out;
    this.rows = rows;
    this.tail = tail;
    this.items = items;
  }

  void header(String load) {
    out.printf(
        Locale.ROOT,
        "bench/query: mink-query against DuckDB on the Parquet files and Spark SQL (local[2]) on the lake%n"
            + "tables     orders: %,d Avro orders tiered + a tail of %,d in Kafka; items: %,d tiered;"
            + " orders_tail: %,d never tiered; orders_small: %,d tiered%n"
            + "machine    %d cores seen by the JVM, max heap %,d MB, load average %s%n"
            + "timing     one warm-up run, then the best of %d (every row of the answer taken)%n",
        rows,
        tail,
        items,
        tail,
        QueryBenchmark.SMALL_ROWS,
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20,
        load,
        Engine.RUNS);
  }

  void produced(String what, Throughput produced) {
    out.printf(
        Locale.ROOT,
        "produced   %-22s %,12d records in %7.1f s (%,.0f records/s, %.1f MB)%n",
        what,
        produced.records(),
        produced.nanos() / 1e9,
        produced.recordsPerSecond(),
        produced.bytes() / 1e6);
  }

  void tiered(String table, Tiered tiered) {
    out.printf(
        Locale.ROOT,
        "tiered     %-22s %,12d rows in %7.1f s, %d round(s), %d data files, %.1f MB of Parquet%n",
        table,
        tiered.rows(),
        tiered.nanos() / 1e9,
        tiered.rounds(),
        tiered.dataFiles(),
        tiered.parquetBytes() / 1e6);
  }

  void explain(String query, List<List<Object>> plan) {
    out.println("EXPLAIN ANALYZE of " + query + " after one run, mink-query's scans:");
    for (List<Object> row : plan) {
      for (Object column : row) {
        String text = String.valueOf(column);
        if (text.startsWith("MinkScan")) {
          out.println("  " + text);
        }
      }
    }
  }

  void phase(String what) {
    out.println("-- " + what);
  }

  void measured(String query, Engine.Timed mink, Engine.Timed duckdb, Engine.Timed sparkTimed) {
    StringBuilder line =
        new StringBuilder(String.format(Locale.ROOT, "  %-34s mink-query %s", query, ms(mink)));
    if (duckdb != null) {
      line.append(String.format(Locale.ROOT, "  DuckDB %s", ms(duckdb)));
    }
    if (sparkTimed != null) {
      line.append(String.format(Locale.ROOT, "  Spark %s", ms(sparkTimed)));
      spark.put(query, sparkTimed);
    }
    line.append("  n=").append(mink.n());
    out.println(line);
  }

  void fixedCost(FixedCost fixed) {
    out.printf(
        Locale.ROOT,
        "  %-34s mink-query %,8.1f ms median of %d after %d statements (best %,.1f, worst %,.1f);"
            + " %.1f ms median after %d%n",
        "count(*) of orders_small",
        fixed.medianMillis(),
        FixedCost.RUNS,
        FixedCost.statementsBeforeSteady(),
        fixed.bestMillis(),
        fixed.worstMillis(),
        fixed.earlyMedianMillis(),
        FixedCost.EARLY_WARM_UP);
  }

  void summary(
      List<Row> figures,
      FixedCost fixed,
      Engine.Timed tailCount,
      Throughput fetch,
      Throughput decode,
      String load) {
    double fetchDecodeMs = (fetch.nanos() + decode.nanos()) / 1e6;
    out.println();
    out.printf(
        Locale.ROOT,
        "fixed cost per statement (count(*) of the %,d-row orders_small, median of %d after %d statements):"
            + " %.1f ms (aim ≤ %.0f ms) %s; after %d statements: %.1f ms%n",
        QueryBenchmark.SMALL_ROWS,
        FixedCost.RUNS,
        FixedCost.statementsBeforeSteady(),
        fixed.medianMillis(),
        FIXED_COST_AIM_MS,
        fixed.medianMillis() <= FIXED_COST_AIM_MS ? "met" : "missed",
        FixedCost.EARLY_WARM_UP,
        fixed.earlyMedianMillis());
    Row count = figures.stream()
        .filter(row -> row.query().equals(BenchQuery.COUNT))
        .findFirst()
        .orElseThrow();
    double countRatio = count.mink().bestMillis() / count.duckdb().bestMillis();
    out.printf(
        Locale.ROOT,
        "count(*) over the lake: mink-query %.1f ms, DuckDB on the files %.1f ms: %.2f (aim ≤ %.0f) %s%n",
        count.mink().bestMillis(),
        count.duckdb().bestMillis(),
        countRatio,
        COUNT_AIM,
        countRatio <= COUNT_AIM ? "met" : "missed");
    out.println();
    out.println(
        "| query | mink-query ms | DuckDB on files ms | mink / DuckDB (aim ≤ 1.5) | Spark ms"
            + " | Spark / mink (aim ≥ 3) | mink + tail ms | tail adds ms (aim ≤ fetch + decode) |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (Row row : figures) {
      Engine.Timed s = spark.get(row.query());
      double toDuck = row.mink().bestMillis() / row.duckdb().bestMillis();
      double vsSpark = s.bestMillis() / row.mink().bestMillis();
      double added = row.withTail().bestMillis() - row.mink().bestMillis();
      out.printf(
          Locale.ROOT,
          "| %s | %,.0f | %,.0f | %.2f %s | %,.0f | %.1f %s | %,.0f | %,.0f %s |%n",
          row.query(),
          row.mink().bestMillis(),
          row.duckdb().bestMillis(),
          toDuck,
          toDuck <= DUCKDB_AIM ? "met" : "missed",
          s.bestMillis(),
          vsSpark,
          vsSpark >= SPARK_AIM ? "met" : "missed",
          row.withTail().bestMillis(),
          added,
          added <= fetchDecodeMs ? "met" : "missed");
    }
    out.println();
    out.printf(
        Locale.ROOT,
        "tail alone (%,d records): mink-query count(*) %,.0f ms (%,.0f rows/s); fetch limit %,.0f ms"
            + " (%,.0f records/s), decode limit %,.0f ms (%,.0f records/s); fetch + decode on one thread"
            + " %,.0f ms: count / (fetch + decode) = %.2f%n",
        tail,
        tailCount.bestMillis(),
        tail / (tailCount.bestMillis() / 1e3),
        fetch.nanos() / 1e6,
        fetch.recordsPerSecond(),
        decode.nanos() / 1e6,
        decode.recordsPerSecond(),
        fetchDecodeMs,
        tailCount.bestMillis() / fetchDecodeMs);
    out.println("load average at the end: " + load);
  }

  private static String ms(Engine.Timed timed) {
    return String.format(
        Locale.ROOT, "%,8.0f ms (worst %,.0f)", timed.bestMillis(), timed.worstMillis());
  }
}
