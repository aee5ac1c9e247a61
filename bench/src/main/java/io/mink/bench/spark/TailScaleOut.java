package io.mink.bench.spark;

import java.util.Map;

/**
 * (B) The tail alone ({@code mode=log} at a point naming each partition's offsets after the lake's seam), split into
 * several input partitions by {@code tail_split_records}, read by one executor JVM and by two
 * ({@code local-cluster[1,1,2048]} and {@code local-cluster[2,1,2048]}).
 *
 * @param splitRecords the {@code tail_split_records} option
 * @param inputPartitions the input partitions Spark planned
 * @param oneCpu the executors' task CPU of one read by one executor, in ns
 * @param twoCpu the same with two executors
 */
record TailScaleOut(
    long splitRecords,
    int inputPartitions,
    TimedRuns one,
    TimedRuns two,
    TaskCpu.Used oneCpu,
    TaskCpu.Used twoCpu) {
  /** Each partition's tail is split into this many offset ranges, so each executor has several to take. */
  static final int SPLITS_PER_PARTITION = 2;

  /** What one session measured: the read, and in the one-executor session also (C)'s Spark side. */
  record Session(int inputPartitions, TimedRuns read, TaskCpu.Used cpu) {}

  static Map<String, String> options(OrderTable table, long splitRecords) {
    return Map.of(
        "mode", "log",
        "at", table.tail().token(),
        "tail_split_records", Long.toString(splitRecords));
  }

  static long splitRecords(OrderTable table, int partitions) {
    long tail = table.records() - table.lakeRecords();
    long perPartition = (tail + partitions - 1) / partitions;
    return Math.max(1, (perPartition + SPLITS_PER_PARTITION - 1) / SPLITS_PER_PARTITION);
  }

  /** One session's timed reads of the tail, and the task CPU of one more read. */
  static Session measure(
      MinkSpark spark, OrderTable table, long splitRecords, int warmUps, int runs) {
    Map<String, String> options = options(table, splitRecords);
    int planned = spark.table(table, options).rdd().getNumPartitions();
    TimedRuns read = TimedRuns.measure(
        "(B) tail, " + spark.master(),
        warmUps,
        runs,
        () -> MinkSpark.answer(
            spark.table(table, options).selectExpr(Queries.SCAN.toArray(String[]::new))));
    spark.resetTasks();
    var unused = MinkSpark.answer(
        spark.table(table, options).selectExpr(Queries.SCAN.toArray(String[]::new)));
    return new Session(planned, read, spark.tasks());
  }

  static TailScaleOut of(long splitRecords, Session one, Session two) {
    return new TailScaleOut(
        splitRecords, one.inputPartitions(), one.read(), two.read(), one.cpu(), two.cpu());
  }

  double speedUp() {
    return one.medianMillis() / two.medianMillis();
  }
}
