package io.mink.bench.tiering;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What sidecars did with a backlog ({@link BacklogRun}). Times are the machine's clock in milliseconds.
 *
 * @param records the records of the backlog
 * @param bytes their key, value and header bytes
 * @param rowsVerified the rows read back, one per offset
 * @param launchedAtMillis when the first sidecar JVM was launched
 * @param servingAtMillis when the last sidecar printed that it serves
 * @param ownershipAtMillis when the last sidecar took its first ownership partitions: it joined the group
 * @param allScheduledAtMillis when the last of the tables was taken onto a sidecar's schedule ("Indexing topic
 *     ... into table ..."), -1 when not every table was
 * @param firstRoundStartMillis when the first round started (its snapshot's commit time minus its duration)
 * @param lastCommitMillis the commit time of the snapshot that brought the last table to its end offsets
 * @param snapshots the Mink snapshots committed, all tables together
 * @param forceFinished rounds cut short at their freshness deadline
 * @param verifySeconds how long reading the tables back took (after the run, not in any figure)
 */
record IndexingResult(
    long records,
    long bytes,
    long rowsVerified,
    long launchedAtMillis,
    long servingAtMillis,
    long ownershipAtMillis,
    long allScheduledAtMillis,
    long firstRoundStartMillis,
    long lastCommitMillis,
    int snapshots,
    int forceFinished,
    List<Instance> instances,
    MachineLoad.Usage usage,
    double verifySeconds) {
  IndexingResult {
    requireNonNull(instances, "instances is null");
    requireNonNull(usage, "usage is null");
  }

  /**
   * One sidecar's share and cost.
   *
   * @param metricsPeakBytes the largest mink_jvm_heap_used_bytes sampled from /metrics, -1 if it never answered
   * @param metricsSamples how many samples /metrics gave
   * @param tables the tables whose rounds it committed
   * @param rows the rows its rounds committed
   */
  record Instance(
      int instance,
      GcLog gc,
      long metricsPeakBytes,
      int metricsSamples,
      List<String> tables,
      long rows,
      boolean outOfMemory) {}

  /** From the first round's start to the last catching-up commit. */
  double indexingSeconds() {
    return Math.max(1, lastCommitMillis - firstRoundStartMillis) / 1e3;
  }

  /** From launching the JVMs to the last catching-up commit: what a user waits. */
  double totalSeconds() {
    return (lastCommitMillis - launchedAtMillis) / 1e3;
  }

  double startupSeconds() {
    return (servingAtMillis - launchedAtMillis) / 1e3;
  }

  /** From serving to the group's first assignment, -1 when no ownership line was seen. */
  double joinSeconds() {
    return ownershipAtMillis < 0 ? -1 : (ownershipAtMillis - servingAtMillis) / 1e3;
  }

  /** From the group's assignment (or serving) to the first round's start: reading the tables, planning. */
  double firstRoundSeconds() {
    return (firstRoundStartMillis - Math.max(servingAtMillis, ownershipAtMillis)) / 1e3;
  }

  /** From launching the JVMs until every table was on a schedule, -1 when not every table was. */
  double scheduledSeconds() {
    return allScheduledAtMillis < 0 ? -1 : (allScheduledAtMillis - launchedAtMillis) / 1e3;
  }

  double recordsPerSecond() {
    return records / indexingSeconds();
  }

  double megabytesPerSecond() {
    return bytes / 1e6 / indexingSeconds();
  }

  double recordsPerSecondFromLaunch() {
    return records / totalSeconds();
  }

  double megabytesPerSecondFromLaunch() {
    return bytes / 1e6 / totalSeconds();
  }

  /** The GC figures of all instances: summed pauses, the worst peaks. */
  GcLog gc() {
    GcLog gc = GcLog.EMPTY;
    for (Instance instance : instances) {
      gc = gc.worstWith(instance.gc());
    }
    return gc;
  }

  boolean outOfMemory() {
    return instances.stream().anyMatch(Instance::outOfMemory);
  }
}
