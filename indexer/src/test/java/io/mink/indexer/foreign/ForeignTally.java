package io.mink.indexer.foreign;

import io.mink.indexer.foreign.InFlightEvidence.Landing;
import java.util.EnumMap;
import java.util.Map;

/** How many statements of each procedure ran on each table kind, and where they landed. */
final class ForeignTally {
  private final Map<TableKind, Map<ForeignProcedure, Map<Landing, Integer>>> counts =
      new EnumMap<>(TableKind.class);

  synchronized void record(TableKind kind, ForeignProcedure procedure, Landing landing) {
    counts
        .computeIfAbsent(kind, k -> new EnumMap<>(ForeignProcedure.class))
        .computeIfAbsent(procedure, p -> new EnumMap<>(Landing.class))
        .merge(landing, 1, Integer::sum);
  }

  synchronized int count(TableKind kind, ForeignProcedure procedure, Landing landing) {
    return counts
        .getOrDefault(kind, Map.of())
        .getOrDefault(procedure, Map.of())
        .getOrDefault(landing, 0);
  }

  /** How many of the procedure's commits on the kind landed inside a round in flight. */
  synchronized int inside(TableKind kind, ForeignProcedure procedure) {
    return count(kind, procedure, Landing.INSIDE_ROUND_COMMITTED_ON_TOP)
        + count(kind, procedure, Landing.INSIDE_ROUND_REFUSED);
  }

  /** Statements that ran (not counting those whose round never reached its swap). */
  synchronized int statements(TableKind kind, ForeignProcedure procedure) {
    int total = 0;
    for (Landing landing : Landing.values()) {
      if (landing != Landing.NOT_RUN) {
        total += count(kind, procedure, landing);
      }
    }
    return total;
  }

  /** The summary table: per kind and procedure, statements run and where they landed. */
  synchronized String table() {
    StringBuilder text = new StringBuilder();
    String format = "%-10s %-30s %10s %8s %10s %8s %8s %9s %9s%n";
    text.append(String.format(
        format,
        "table",
        "procedure",
        "statements",
        "inside",
        "on top",
        "refused",
        "between",
        "no commit",
        "not shown"));
    int[] totals = new int[7];
    for (TableKind kind : counts.keySet()) {
      for (ForeignProcedure procedure : kind.procedures()) {
        int[] row = {
          statements(kind, procedure),
          inside(kind, procedure),
          count(kind, procedure, Landing.INSIDE_ROUND_COMMITTED_ON_TOP),
          count(kind, procedure, Landing.INSIDE_ROUND_REFUSED),
          count(kind, procedure, Landing.BETWEEN_ROUNDS),
          count(kind, procedure, Landing.NO_COMMIT),
          count(kind, procedure, Landing.NOT_SHOWN)
        };
        for (int i = 0; i < row.length; i++) {
          totals[i] += row[i];
        }
        text.append(String.format(
            format,
            kind.label,
            procedure.label,
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            row[6]));
      }
    }
    text.append(String.format(
        format, "all", "", totals[0], totals[1], totals[2], totals[3], totals[4], totals[5],
        totals[6]));
    return text.toString();
  }
}
