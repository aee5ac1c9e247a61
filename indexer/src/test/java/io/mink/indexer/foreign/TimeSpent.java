package io.mink.indexer.foreign;

import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Where one table's time went: Spark's statements (waiting for the shared Spark included), Mink's rounds (with the
 * statements run inside them) and the checks, printed with the summary to keep the suite within its time.
 */
final class TimeSpent {
  private final Map<ForeignProcedure, Long> sparkByProcedure =
      new EnumMap<>(ForeignProcedure.class);
  private long sparkNanos;
  private long roundNanos;
  private long checkNanos;

  void spark(ForeignProcedure procedure, long nanos) {
    sparkNanos += nanos;
    sparkByProcedure.merge(procedure, nanos, Long::sum);
  }

  void round(long nanos) {
    roundNanos += nanos;
  }

  void check(long nanos) {
    checkNanos += nanos;
  }

  String describe(int steps, int rounds, long snapshotReads) {
    return String.format(
            "%d steps, %d rounds, %d snapshot reads; Spark %.1f s, rounds %.1f s (statements inside included),"
                + " checks %.1f s;",
            steps, rounds, snapshotReads, sparkNanos / 1e9, roundNanos / 1e9, checkNanos / 1e9)
        + sparkByProcedure.entrySet().stream()
            .map(entry -> String.format(" %s %.1f s", entry.getKey().label, entry.getValue() / 1e9))
            .collect(Collectors.joining(","));
  }
}
