package io.mink.bench.query;

import java.util.List;

/** One way to run the benchmark's SQL: every row of the answer, each as its column values in order. */
interface Engine {
  List<List<Object>> rows(String sql);

  /** Runs {@code sql} once to warm up, then {@value #RUNS} times: the fastest and slowest run, and the answer's n. */
  static Timed best(Engine engine, String sql) {
    long n = Timed.n(engine.rows(sql), sql);
    long best = Long.MAX_VALUE;
    long worst = 0;
    for (int run = 0; run < RUNS; run++) {
      long started = System.nanoTime();
      List<List<Object>> rows = engine.rows(sql);
      long nanos = System.nanoTime() - started;
      best = Math.min(best, nanos);
      worst = Math.max(worst, nanos);
      long again = Timed.n(rows, sql);
      if (again != n) {
        throw new IllegalStateException(
            "Answered n = " + n + " then " + again + " to '" + sql + "' on unchanged tables");
      }
    }
    return new Timed(best / 1e6, worst / 1e6, n);
  }

  int RUNS = 3;

  /**
   * A query's time and answer.
   *
   * @param bestMillis the fastest timed run, every row of the answer taken
   * @param worstMillis the slowest timed run: far above the best when the machine was disturbed
   * @param n the sum of the answer's last column, which every benchmark query makes a count(*)
   */
  record Timed(double bestMillis, double worstMillis, long n) {
    static long n(List<List<Object>> rows, String sql) {
      long n = 0;
      for (List<Object> row : rows) {
        Object value = row.get(row.size() - 1);
        if (!(value instanceof Number number)) {
          throw new IllegalStateException(
              "Answered " + value + " as the last column of '" + sql + "', not a count");
        }
        n += number.longValue();
      }
      return n;
    }
  }
}
