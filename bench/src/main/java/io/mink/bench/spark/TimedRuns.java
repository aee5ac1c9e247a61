package io.mink.bench.spark;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

/**
 * Times one query: untimed warm-up runs (so the JIT has compiled the path, in every JVM that runs it), then timed
 * runs, of which the median counts. Every run must answer the same; a query that answers nothing returns an empty
 * list.
 *
 * @param name what the report calls the query
 * @param millis each timed run's wall time, in order
 * @param answer what every run answered
 */
record TimedRuns(String name, List<Double> millis, List<Long> answer) {
  TimedRuns {
    millis = List.copyOf(millis);
    answer = List.copyOf(answer);
  }

  static TimedRuns measure(String name, int warmUps, int runs, Supplier<List<Long>> query) {
    List<Long> answer = query.get();
    for (int run = 1; run < warmUps; run++) {
      check(name, answer, query.get());
    }
    List<Double> millis = new ArrayList<>();
    for (int run = 0; run < runs; run++) {
      long started = System.nanoTime();
      List<Long> again = query.get();
      millis.add((System.nanoTime() - started) / 1e6);
      check(name, answer, again);
    }
    return new TimedRuns(name, millis, answer);
  }

  private static void check(String name, List<Long> first, List<Long> again) {
    if (!first.equals(again)) {
      throw new IllegalStateException(
          name + " answered " + first + " then " + again + " on an unchanged table");
    }
  }

  double medianMillis() {
    List<Double> sorted = new ArrayList<>(millis);
    Collections.sort(sorted);
    int middle = sorted.size() / 2;
    return sorted.size() % 2 == 1
        ? sorted.get(middle)
        : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
  }

  double minMillis() {
    return Collections.min(millis);
  }

  double maxMillis() {
    return Collections.max(millis);
  }
}
