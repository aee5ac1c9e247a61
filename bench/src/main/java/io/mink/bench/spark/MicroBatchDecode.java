package io.mink.bench.spark;

import io.mink.bench.Throughput;
import io.mink.bench.read.TailDecodeLimit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * (C) A micro-batch of {@link #RECORDS} records read through Spark ({@code mode=log} at a point naming the first
 * quarter of them in each of the four partitions, every column of every row taken by Spark's no-op sink) by one
 * executor with one core, against the round's own decoding of the same records on one thread in this JVM (the row
 * builder a read builds them with, fed from memory: {@link TailDecodeLimit}).
 *
 * @param spark the Spark read's wall times
 * @param sparkCpu the executor's task CPU of one read
 * @param round the round's decoding of the records, one run per entry
 */
record MicroBatchDecode(
    long records, TimedRuns spark, TaskCpu.Used sparkCpu, List<Throughput> round) {
  static final int RECORDS = 100_000;

  MicroBatchDecode {
    round = List.copyOf(round);
  }

  static Map<String, String> options(OrderTable table, int partitions) {
    return Map.of("mode", "log", "at", table.head(perPartition(partitions)).token());
  }

  static long perPartition(int partitions) {
    return RECORDS / partitions;
  }

  /** The Spark side, in a session of one executor with one core. */
  static MicroBatchDecode measure(
      MinkSpark spark, OrderTable table, int partitions, int warmUps, int runs) {
    Map<String, String> options = options(table, partitions);
    TimedRuns read = TimedRuns.measure("(C) micro-batch, " + spark.master(), warmUps, runs, () -> {
      MinkSpark.drain(spark.table(table, options));
      return List.of();
    });
    spark.resetTasks();
    MinkSpark.drain(spark.table(table, options));
    TaskCpu.Used cpu = spark.tasks();
    Map<Integer, Long> ends = table.headEnds(perPartition(partitions));
    long records = ends.values().stream().mapToLong(Long::longValue).sum();
    if (cpu.records() != records) {
      throw new IllegalStateException("Spark's tasks read " + cpu.records() + " records of the "
          + records + " the micro-batch names: the figures would be of a wrong read");
    }
    List<Throughput> round = new ArrayList<>();
    for (int run = 0; run < warmUps; run++) {
      var unused = decode(table, ends);
    }
    for (int run = 0; run < runs; run++) {
      round.add(decode(table, ends));
    }
    return new MicroBatchDecode(records, read, cpu, round);
  }

  private static Throughput decode(OrderTable table, Map<Integer, Long> ends) {
    return TailDecodeLimit.decode(
        table.broker(), table.sidecar(), table.descriptor(), table.decoders(), ends);
  }

  /** Spark's records per second of the executor's task CPU: per core. */
  double sparkPerCore() {
    return records / (sparkCpu.cpuNanos() / 1e9);
  }

  /** Spark's records per second of wall time, on its one core. */
  double sparkPerSecond() {
    return records / (spark.medianMillis() / 1e3);
  }

  /** The round's records per second of its thread's CPU, the median run's. */
  double roundPerCore() {
    List<Double> rates = new ArrayList<>();
    for (Throughput run : round) {
      rates.add(run.records() / (run.cpu().fetchNanos() / 1e9));
    }
    Collections.sort(rates);
    return rates.get(rates.size() / 2);
  }

  /** The round's records per second of wall time, the median run's. */
  double roundPerSecond() {
    List<Double> rates = new ArrayList<>();
    for (Throughput run : round) {
      rates.add(run.recordsPerSecond());
    }
    Collections.sort(rates);
    return rates.get(rates.size() / 2);
  }
}
