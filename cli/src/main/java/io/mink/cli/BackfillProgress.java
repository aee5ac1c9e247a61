package io.mink.cli;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.stats.PartitionMeasure;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How far a backfill got, as {@code mink table show --watch} draws it: each partition from the offset the lake held
 * when the watch began (or the log start) towards the end offset Kafka had then. Records that arrive later are not
 * waited for, so a watch ends even while producers write.
 */
final class BackfillProgress {
  private final Instant startedAt;
  private final Map<Integer, Step> start;

  private BackfillProgress(Instant startedAt, Map<Integer, Step> start) {
    this.startedAt = startedAt;
    this.start = start;
  }

  /** A progress starting at the partitions as measured when the watch began. */
  static BackfillProgress start(List<PartitionMeasure> partitions, Instant now) {
    Map<Integer, Step> start = new TreeMap<>();
    for (PartitionMeasure partition : partitions) {
      long from = partition.nextOffset();
      start.put(
          partition.partition(),
          new Step(partition.partition(), from, from, Math.max(from, partition.endOffset()), 0));
    }
    return new BackfillProgress(now, start);
  }

  Instant startedAt() {
    return startedAt;
  }

  /**
   * The progress of the partitions the watch began with, as measured now; a partition not measured counts as not
   * moved, and partitions added since are left out.
   */
  Report at(List<PartitionMeasure> partitions, Instant now) {
    Duration elapsed = Duration.between(startedAt, now);
    Map<Integer, Long> next = new HashMap<>();
    partitions.forEach(partition -> next.put(partition.partition(), partition.nextOffset()));
    List<Step> steps = new ArrayList<>();
    for (Step begin : start.values()) {
      long reached = Math.max(
          begin.from(),
          Math.min(next.getOrDefault(begin.partition(), begin.from()), begin.target()));
      steps.add(new Step(
          begin.partition(),
          begin.from(),
          reached,
          begin.target(),
          rate(reached - begin.from(), elapsed)));
    }
    return new Report(now, elapsed, steps);
  }

  private static double rate(long rows, Duration elapsed) {
    return elapsed.toMillis() <= 0 ? 0 : rows * 1000.0 / elapsed.toMillis();
  }

  /**
   * One partition's progress.
   *
   * @param from the next offset when the watch began: the lake offset, or the log start
   * @param reached the lake's next offset now, at most {@code target}
   * @param target the end offset when the watch began
   * @param rowsPerSecond the rows indexed since the watch began, per second
   */
  record Step(int partition, long from, long reached, long target, double rowsPerSecond) {
    long done() {
      return reached - from;
    }

    long total() {
      return target - from;
    }

    double fraction() {
      return total() == 0 ? 1 : (double) done() / total();
    }

    boolean complete() {
      return reached >= target;
    }
  }

  /** The progress of every partition at one moment. */
  record Report(Instant at, Duration elapsed, List<Step> partitions) {
    Report {
      requireNonNull(at, "at is null");
      requireNonNull(elapsed, "elapsed is null");
      partitions = List.copyOf(partitions);
    }

    /** The partitions together, as one step. */
    Step total() {
      long from = partitions.stream().mapToLong(Step::from).sum();
      long reached = partitions.stream().mapToLong(Step::reached).sum();
      long target = partitions.stream().mapToLong(Step::target).sum();
      return new Step(
          -1,
          from,
          reached,
          target,
          partitions.stream().mapToDouble(Step::rowsPerSecond).sum());
    }

    boolean complete() {
      return partitions.stream().allMatch(Step::complete);
    }
  }
}
