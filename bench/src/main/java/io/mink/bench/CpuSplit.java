package io.mink.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of the threads that fetched and of the threads that wrote Parquet during a phase.
 * Unlike wall time it barely changes when other processes share the machine, so per record it
 * compares the phases even on a busy machine. Garbage collection is not in it (the collector has
 * its own threads).
 *
 * @param fetchNanos the fetching thread's CPU time (for Mink, the round's thread: poll, plan,
 *     hand-off to the lanes, commit), or -1 where the phase does not fetch in its timed part
 * @param writeNanos the writer threads' CPU time, or -1 where the phase writes nothing
 */
public record CpuSplit(long fetchNanos, long writeNanos) {
  public static final CpuSplit NONE = new CpuSplit(-1, -1);

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** The calling thread's CPU time so far, or -1 where the JVM does not measure it. */
  public static long currentThreadNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  /** The CPU time so far of the live threads whose name starts with {@code prefix}, or -1 if unknown. */
  public static long threadsNamedNanos(String prefix) {
    if (!THREADS.isThreadCpuTimeSupported()) {
      return -1;
    }
    long total = 0;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith(prefix)) {
        long nanos = THREADS.getThreadCpuTime(thread.getId());
        total += Math.max(0, nanos);
      }
    }
    return total;
  }

  /** CPU microseconds per record, or NaN where unknown. */
  public static double microsPerRecord(long nanos, long records) {
    return nanos < 0 || records == 0 ? Double.NaN : nanos / 1e3 / records;
  }
}
