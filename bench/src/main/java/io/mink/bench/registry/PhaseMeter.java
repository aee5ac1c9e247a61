package io.mink.bench.registry;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What a phase cost besides time. {@link #start()} collects garbage and resets the heap pools'
 * peaks; {@link #read()} reports the sum of their peaks (an upper bound of the true peak, a full
 * eden included), the old generation's peak (closer to what the phase kept), the collectors' time,
 * this JVM's CPU time (the in-process broker's included) and, on Linux, the CPU time the rest of
 * the machine used meanwhile: the direct measure of how much other builds disturbed the phase.
 */
final class PhaseMeter {
  /** /proc/stat counts in USER_HZ ticks, 100 per second on every Linux build that matters. */
  private static final long NANOS_PER_TICK = 10_000_000L;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /**
   * @param peakHeapBytes the sum of the heap pools' peaks
   * @param peakOldBytes the old generation's peak
   * @param cpuNanos this JVM's CPU time, -1 if unknown
   * @param otherCpuNanos the CPU time of every other process meanwhile, -1 if unknown
   */
  record Cost(long peakHeapBytes, long peakOldBytes, long gcMillis, long cpuNanos, long otherCpuNanos) {}

  private final long gcMillisAtStart;
  private final long cpuAtStart;
  private final long machineBusyAtStart;

  private PhaseMeter() {
    this.gcMillisAtStart = gcMillis();
    this.cpuAtStart = processCpuNanos();
    this.machineBusyAtStart = machineBusyNanos();
  }

  static PhaseMeter start() {
    System.gc();
    heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    return new PhaseMeter();
  }

  Cost read() {
    long machineBusy = machineBusyNanos();
    long cpu = processCpuNanos();
    long heap = 0;
    long old = 0;
    for (MemoryPoolMXBean pool : heapPools()) {
      long peak = pool.getPeakUsage().getUsed();
      heap += peak;
      String name = pool.getName().toLowerCase(Locale.ROOT);
      if (name.contains("old") || name.contains("tenured")) {
        old += peak;
      }
    }
    long ownCpu = cpu < 0 || cpuAtStart < 0 ? -1 : cpu - cpuAtStart;
    long otherCpu = ownCpu < 0 || machineBusy < 0 || machineBusyAtStart < 0
        ? -1 : Math.max(0, machineBusy - machineBusyAtStart - ownCpu);
    return new Cost(heap, old, gcMillis() - gcMillisAtStart, ownCpu, otherCpu);
  }

  /** The calling thread's CPU time so far, or -1 where the JVM does not measure it. */
  static long threadCpuNanos() {
    return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  /** The CPU time so far of the live threads whose name starts with {@code prefix}, or -1 if unknown. */
  static long threadsNamedCpuNanos(String prefix) {
    if (!THREADS.isThreadCpuTimeSupported()) {
      return -1;
    }
    long total = 0;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith(prefix)) {
        total += Math.max(0, THREADS.getThreadCpuTime(thread.getId()));
      }
    }
    return total;
  }

  /** The load averages over 1, 5 and 15 minutes as /proc/loadavg gives them, else the JVM's 1-minute figure. */
  static String loadAverages() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return fields[0] + " " + fields[1] + " " + fields[2] + " (1, 5, 15 min)";
    } catch (Exception e) {
      return String.format(Locale.ROOT, "%.2f (1 min)",
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
  }

  /** All CPUs' busy time since boot (user, nice, system, irq, softirq, steal), or -1 off Linux. */
  private static long machineBusyNanos() {
    try {
      String[] fields = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
      if (!fields[0].equals("cpu") || fields.length < 9) {
        return -1;
      }
      long ticks = 0;
      for (int field : new int[] {1, 2, 3, 6, 7, 8}) {
        ticks += Long.parseLong(fields[field]);
      }
      return ticks * NANOS_PER_TICK;
    } catch (Exception e) {
      return -1;
    }
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean hotspot) {
      return hotspot.getProcessCpuTime();
    }
    return -1;
  }

  private static long gcMillis() {
    return ManagementFactory.getGarbageCollectorMXBeans().stream()
        .mapToLong(GarbageCollectorMXBean::getCollectionTime)
        .filter(time -> time > 0)
        .sum();
  }

  private static List<MemoryPoolMXBean> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP && pool.isValid())
        .toList();
  }
}
