package io.mink.bench.spark;

import io.mink.testkit.SparkReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * (A) The union read of the table through Mink's catalog against Spark's own Iceberg read of the lake alone, the same
 * queries in two Spark sessions of the same shape ({@code local[2]}): Mink's in this JVM, Iceberg's in a child JVM
 * (the testkit's {@link SparkReader}: Iceberg's Spark runtime cannot share a classpath with Iceberg core).
 *
 * @param unionCount Mink, {@code mode=union}: the lake and the tail
 * @param lakeCount Mink, {@code mode=lake}: the lake alone, through Mink's reader
 * @param icebergCount Iceberg's Spark read of the lake
 */
record UnionVsLake(
    TimedRuns unionCount,
    TimedRuns unionScan,
    TimedRuns lakeCount,
    TimedRuns lakeScan,
    TimedRuns icebergCount,
    TimedRuns icebergScan) {
  /** The child Spark's JVM: the heap and collector of this one. */
  static final List<String> ICEBERG_JVM = List.of("-Xmx3g", "-XX:+UseParallelGC");

  static UnionVsLake measure(OrderTable table, int warmUps, int runs) {
    TimedRuns icebergCount;
    TimedRuns icebergScan;
    try (SparkReader iceberg = SparkReader.start(table.warehouse().lakeSettings(), ICEBERG_JVM)) {
      String name = table.sparkName("mink");
      icebergCount = TimedRuns.measure(
          "(A) Iceberg count(*)", warmUps, runs, () -> answer(iceberg, Queries.COUNT, name));
      icebergScan = TimedRuns.measure(
          "(A) Iceberg scan", warmUps, runs, () -> answer(iceberg, Queries.SCAN, name));
    }
    try (MinkSpark mink = MinkSpark.local(table, 2)) {
      Map<String, String> union = Map.of();
      Map<String, String> lake = Map.of("mode", "lake");
      return new UnionVsLake(
          TimedRuns.measure(
              "(A) Mink union count(*)",
              warmUps,
              runs,
              () -> MinkSpark.answer(
                  mink.table(table, union).selectExpr(Queries.COUNT.toArray(String[]::new)))),
          TimedRuns.measure(
              "(A) Mink union scan",
              warmUps,
              runs,
              () -> MinkSpark.answer(
                  mink.table(table, union).selectExpr(Queries.SCAN.toArray(String[]::new)))),
          TimedRuns.measure(
              "(A) Mink lake count(*)",
              warmUps,
              runs,
              () -> MinkSpark.answer(
                  mink.table(table, lake).selectExpr(Queries.COUNT.toArray(String[]::new)))),
          TimedRuns.measure(
              "(A) Mink lake scan",
              warmUps,
              runs,
              () -> MinkSpark.answer(
                  mink.table(table, lake).selectExpr(Queries.SCAN.toArray(String[]::new)))),
          icebergCount,
          icebergScan);
    }
  }

  private static List<Long> answer(SparkReader spark, List<String> expressions, String table) {
    List<Map<String, Object>> rows = spark.sql(Queries.sql(expressions, table));
    if (rows.size() != 1) {
      throw new IllegalStateException("Iceberg's Spark answered " + rows + ", not one row");
    }
    List<Long> values = new ArrayList<>();
    for (Object value : rows.get(0).values()) {
      values.add(((Number) value).longValue());
    }
    return values;
  }

  /** Refuses figures of wrong answers: the row counts, and Mink's lake read against Iceberg's. */
  void check(OrderTable table) {
    expect("Mink's union count(*)", unionCount.answer(), List.of(table.records()));
    expect("Iceberg's count(*) of the lake", icebergCount.answer(), List.of(table.lakeRecords()));
    expect("Mink's lake count(*)", lakeCount.answer(), icebergCount.answer());
    expect("Mink's lake scan", lakeScan.answer(), icebergScan.answer());
  }

  static void expect(String what, List<Long> answer, List<Long> expected) {
    if (!answer.equals(expected)) {
      throw new IllegalStateException(what + " answered " + answer + ", not " + expected
          + ": the figures would be of a wrong read");
    }
  }
}
