package io.mink.bench.spark;

import java.util.List;

/** The queries the benchmark times, as Spark SQL's select expressions over the whole table. */
final class Queries {
  /** A count of the rows: Mink's tasks read one column, {@code _kafka_offset}, for their row counts. */
  static final List<String> COUNT = List.of("count(*)");

  /**
   * A full scan of two columns whose every value is decoded: a typed long and a string's length (the order's
   * description, its longest string).
   */
  static final List<String> SCAN = List.of("sum(amount_cents)", "sum(length(description))");

  private Queries() {}

  /** The query as SQL over {@code table}, for an engine that takes SQL text. */
  static String sql(List<String> expressions, String table) {
    return "SELECT " + String.join(", ", expressions) + " FROM " + table;
  }
}
