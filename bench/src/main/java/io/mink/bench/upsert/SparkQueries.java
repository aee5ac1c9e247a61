package io.mink.bench.upsert;

import io.mink.testkit.SparkReader;
import java.util.List;
import java.util.Map;

/** Times a Spark query that answers one number: one warm-up run, then the best of {@value #RUNS}. */
final class SparkQueries {
  static final int RUNS = 3;

  /**
   * A query's best time and its answer.
   *
   * @param bestMillis the fastest of the timed runs, as the benchmark sees it (Spark's answer over its pipe
   *     included, a millisecond or two)
   * @param value the number the query answered
   */
  record Timed(double bestMillis, long value) {}

  private SparkQueries() {}

  static Timed best(SparkReader spark, String sql) {
    long value = answer(spark.sql(sql), sql);
    long best = Long.MAX_VALUE;
    for (int run = 0; run < RUNS; run++) {
      long started = System.nanoTime();
      List<Map<String, Object>> rows = spark.sql(sql);
      best = Math.min(best, System.nanoTime() - started);
      long again = answer(rows, sql);
      if (again != value) {
        throw new IllegalStateException("Spark answered " + value + " then " + again + " to '" + sql
            + "' on an unchanged table");
      }
    }
    return new Timed(best / 1e6, value);
  }

  private static long answer(List<Map<String, Object>> rows, String sql) {
    if (rows.size() != 1 || rows.get(0).size() != 1) {
      throw new IllegalStateException(
          "Spark answered " + rows + " to '" + sql + "', not one number");
    }
    Object value = rows.get(0).values().iterator().next();
    if (!(value instanceof Number number)) {
      throw new IllegalStateException(
          "Spark answered " + value + " to '" + sql + "', not a number");
    }
    return number.longValue();
  }
}
