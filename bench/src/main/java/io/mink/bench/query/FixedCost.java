package io.mink.bench.query;

import io.mink.tables.TableDescriptor;
import java.util.Arrays;

/**
 * What every statement costs besides reading rows: {@code count(*)} of a small tiered table, run {@value #RUNS} times
 * after {@value #EARLY_WARM_UP} statements (an engine just started, its code still being compiled), then {@value #RUNS}
 * times more after {@value #STEADY_WARM_UP} statements more (a mink-query that has been serving a while, which is what
 * the aim is about). The catalog check, the table's metadata, the topic's id and bounds, the plan and DuckDB's run are
 * all in it; the rows it counts are a few small Parquet files'.
 *
 * @param medianMillis the median run once steady, compared with the aim
 * @param bestMillis the fastest steady run
 * @param worstMillis the slowest steady run
 * @param earlyMedianMillis the median run after the first {@value #EARLY_WARM_UP} statements
 */
record FixedCost(
    double medianMillis, double bestMillis, double worstMillis, double earlyMedianMillis) {
  static final int RUNS = 21;
  static final int EARLY_WARM_UP = 5;
  static final int STEADY_WARM_UP = 200;

  static FixedCost measure(MinkEngine mink, TableDescriptor small, long rows) {
    String sql = "SELECT count(*) AS n FROM " + small.qualifiedName();
    run(mink, sql, rows, EARLY_WARM_UP);
    double[] early = timed(mink, sql, rows);
    run(mink, sql, rows, STEADY_WARM_UP);
    double[] steady = timed(mink, sql, rows);
    return new FixedCost(steady[RUNS / 2], steady[0], steady[RUNS - 1], early[RUNS / 2]);
  }

  /** The statements executed after the first timed one when the steady runs start. */
  static int statementsBeforeSteady() {
    return EARLY_WARM_UP + RUNS + STEADY_WARM_UP;
  }

  private static void run(MinkEngine mink, String sql, long rows, int times) {
    for (int i = 0; i < times; i++) {
      count(mink, sql, rows);
    }
  }

  /** {@value #RUNS} timed runs, sorted. */
  private static double[] timed(MinkEngine mink, String sql, long rows) {
    double[] millis = new double[RUNS];
    for (int run = 0; run < RUNS; run++) {
      long started = System.nanoTime();
      count(mink, sql, rows);
      millis[run] = (System.nanoTime() - started) / 1e6;
    }
    Arrays.sort(millis);
    return millis;
  }

  private static void count(MinkEngine mink, String sql, long rows) {
    long n = Engine.Timed.n(mink.rows(sql), sql);
    if (n != rows) {
      throw new IllegalStateException(
          "mink-query counted " + n + " rows, not " + rows + ": " + sql);
    }
  }
}
