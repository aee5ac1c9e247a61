package io.mink.bench.query;

import io.mink.tables.TableDescriptor;
import java.util.Arrays;

/**
 * What every statement costs besides reading rows: {@code count(*)} of a small tiered table, run {@value #RUNS} times
 * after a warm-up. The catalog check, the table's metadata, the topic's id and bounds, the plan and DuckDB's run are
 * all in it; the rows it counts are a single Parquet file's.
 *
 * @param medianMillis the median run, compared with the aim
 * @param bestMillis the fastest run
 * @param worstMillis the slowest run
 */
record FixedCost(double medianMillis, double bestMillis, double worstMillis) {
  static final int RUNS = 21;

  static FixedCost measure(MinkEngine mink, TableDescriptor small, long rows) {
    String sql = "SELECT count(*) AS n FROM " + small.qualifiedName();
    for (int warmUp = 0; warmUp < 5; warmUp++) {
      count(mink, sql, rows);
    }
    double[] millis = new double[RUNS];
    for (int run = 0; run < RUNS; run++) {
      long started = System.nanoTime();
      count(mink, sql, rows);
      millis[run] = (System.nanoTime() - started) / 1e6;
    }
    Arrays.sort(millis);
    return new FixedCost(millis[RUNS / 2], millis[0], millis[RUNS - 1]);
  }

  private static void count(MinkEngine mink, String sql, long rows) {
    long n = Engine.Timed.n(mink.rows(sql), sql);
    if (n != rows) {
      throw new IllegalStateException(
          "mink-query counted " + n + " rows, not " + rows + ": " + sql);
    }
  }
}
