package io.mink.bench.connect;

import io.mink.bench.ResourceMeter;
import java.time.Duration;

/**
 * A moment of a run, read the same way for {@code mink serve} and the Kafka Connect worker: the wall clock, the
 * CPU time so far of the child JVM measured (user and system, all its threads, since its launch, as
 * {@link ProcessHandle.Info#totalCpuDuration()} reads it from /proc/PID/stat), this JVM's (the in-process broker
 * serving the child, the benchmark's polling) and the whole machine's busy time.
 *
 * @param childCpuNanos -1 where the OS does not tell or the child is gone
 * @param ownCpuNanos -1 where the JVM does not tell
 * @param machineBusyNanos -1 where there is no /proc/stat
 */
record Moment(long epochMillis, long childCpuNanos, long ownCpuNanos, long machineBusyNanos) {
  static Moment now(long childPid) {
    return new Moment(
        System.currentTimeMillis(),
        ProcessHandle.of(childPid)
            .flatMap(handle -> handle.info().totalCpuDuration())
            .map(Duration::toNanos)
            .orElse(-1L),
        ResourceMeter.processCpuNanos(),
        ResourceMeter.machineBusyNanos());
  }

  /** The child's CPU time from this moment to {@code later}, -1 where either is unknown. */
  long childCpuTo(Moment later) {
    return difference(childCpuNanos, later.childCpuNanos);
  }

  /** This JVM's CPU time from this moment to {@code later}, -1 where either is unknown. */
  long ownCpuTo(Moment later) {
    return difference(ownCpuNanos, later.ownCpuNanos);
  }

  /**
   * The CPU time the rest of the machine (neither the child nor this JVM) used from this moment to {@code later},
   * -1 where unknown.
   */
  long othersCpuTo(Moment later) {
    long child = childCpuTo(later);
    long own = ownCpuTo(later);
    long machine = difference(machineBusyNanos, later.machineBusyNanos);
    return child < 0 || own < 0 || machine < 0 ? -1 : Math.max(0, machine - child - own);
  }

  private static long difference(long before, long after) {
    return before < 0 || after < 0 ? -1 : after - before;
  }
}
