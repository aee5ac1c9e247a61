package io.mink.bench.query;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.SparkReader;
import io.mink.testkit.Warehouse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The phases of {@link QueryBenchmark}: each engine's timings over the lake, the lake streamed, the lake and tail. */
final class QueryPhases {
  private QueryPhases() {}

  /** The lake-alone timings of mink-query and of DuckDB on the files, query by query. */
  record LakeFigures(List<Engine.Timed> mink, List<Engine.Timed> duckdb) {}

  /** Each query on the lake alone by mink-query, DuckDB on the files and Spark, their answers checked alike. */
  static LakeFigures lakePhase(
      QueryReport report,
      MinkEngine mink,
      DirectDuckDb duckdb,
      Warehouse warehouse,
      List<BenchQuery> queries,
      TableDescriptor orders,
      TableDescriptor itemsTable,
      InProcessSidecar sidecar,
      Instant from,
      Instant to) {
    String minkOrders = orders.qualifiedName();
    String minkItems = itemsTable.qualifiedName();
    String duckOrders = DirectDuckDb.files(sidecar.table(orders));
    String duckItems = DirectDuckDb.files(sidecar.table(itemsTable));
    List<Engine.Timed> lakeMink = new ArrayList<>();
    List<Engine.Timed> lakeDuck = new ArrayList<>();
    try (SparkReader spark =
        SparkReader.start(warehouse.lakeSettings(), QueryBenchmark.SPARK_JVM)) {
      SparkEngine sparkEngine = new SparkEngine(spark);
      String sparkOrders = "mink." + orders.qualifiedName();
      String sparkItems = "mink." + itemsTable.qualifiedName();
      for (BenchQuery query : queries) {
        Engine.Timed m = Engine.best(mink, query.sql(minkOrders, minkItems, from, to, false));
        Engine.Timed d = Engine.best(duckdb, query.sql(duckOrders, duckItems, from, to, true));
        Engine.Timed s =
            Engine.best(sparkEngine, query.sql(sparkOrders, sparkItems, from, to, false));
        report.measured(query.name(), m, d, s);
        QueryBenchmark.check(query, "DuckDB on the files", d.n(), m.n());
        QueryBenchmark.check(query, "Spark", s.n(), m.n());
        lakeMink.add(m);
        lakeDuck.add(d);
      }
    }
    return new LakeFigures(lakeMink, lakeDuck);
  }

  /** Each query by mink-query over the lake and the tail, beside its lake-alone figures. */
  static List<QueryReport.Row> withTail(
      QueryReport report,
      MinkEngine mink,
      List<BenchQuery> queries,
      LakeFigures lake,
      String orders,
      String items,
      Instant from,
      Instant to) {
    List<QueryReport.Row> figures = new ArrayList<>();
    for (int q = 0; q < queries.size(); q++) {
      BenchQuery query = queries.get(q);
      Engine.Timed withTail = Engine.best(mink, query.sql(orders, items, from, to, false));
      report.measured(query.name() + " + tail", withTail, null, null);
      figures.add(
          new QueryReport.Row(query.name(), lake.mink().get(q), lake.duckdb().get(q), withTail));
    }
    return figures;
  }

  /** Each query by mink-query with the lake streamed through Iceberg's FileIO, as from an object store. */
  static void streamedPhase(
      QueryReport report,
      MinkEngine streamed,
      List<BenchQuery> queries,
      String orders,
      String items,
      Instant from,
      Instant to) {
    report.phase("lake alone, streamed by Mink as from an object store; load "
        + QueryBenchmark.loadAverage());
    for (BenchQuery query : queries) {
      report.measured(
          query.name() + " (streamed)",
          Engine.best(streamed, query.sql(orders, items, from, to, false)),
          null,
          null);
    }
  }

  /** Each query once, then its EXPLAIN ANALYZE: the MinkScan lines of a warm run. */
  static void explainAll(
      QueryReport report,
      MinkEngine mink,
      List<BenchQuery> queries,
      String orders,
      String items,
      Instant from,
      Instant to) {
    for (BenchQuery query : queries) {
      mink.rows(query.sql(orders, items, from, to, false));
      report.explain(
          query.name(), mink.rows("EXPLAIN ANALYZE " + query.sql(orders, items, from, to, false)));
    }
  }

  /** The count of the never-tiered table, which reads the tail alone; checked against what was produced. */
  static Engine.Timed tailCount(MinkEngine mink, TableDescriptor tailTable, int tail) {
    Engine.Timed count =
        Engine.best(mink, "SELECT count(*) AS n FROM " + tailTable.qualifiedName());
    if (count.n() != tail) {
      throw new IllegalStateException(
          "mink-query counted " + count.n() + " rows in " + QueryBenchmark.TAIL + ", not " + tail);
    }
    return count;
  }
}
