package io.mink.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What a phase cost the JVM besides time. {@link #start()} collects garbage and resets every heap
 * pool's peak; {@link #read()} then reports:
 * <ul>
 *   <li>the sum of the heap pools' peaks: each pool peaks at its own moment, so the sum is an upper
 *       bound of the true peak, and with the parallel collector it includes a full eden;
 *   <li>the old generation's peak, closer to the data the phase keeps (dead data included until a
 *       full collection);
 *   <li>the most heap in use right after a full collection ({@link LiveHeapWatch}): the live data;
 *   <li>the collectors' time, young and full collections together;
 *   <li>the JVM's CPU time, all threads (the in-process broker's included). Divided by the wall
 *       time it says how many cores the phase kept busy: well below the core count in a phase that
 *       should be CPU-bound means something else ran on the machine, and the figures are suspect;
 *   <li>on Linux, the CPU time the rest of the machine used meanwhile (from /proc/stat, all CPUs'
 *       busy time minus this JVM's), the direct measure of that disturbance.
 * </ul>
 */
public final class ResourceMeter {
  /** /proc/stat counts in USER_HZ ticks, 100 per second on every Linux build that matters. */
  public static final long NANOS_PER_TICK = 10_000_000L;

  private static final Path PROC_STAT = Path.of("/proc/stat");

  private final long gcMillisAtStart;
  private final long cpuNanosAtStart;
  private final long machineBusyNanosAtStart;
  private final LiveHeapWatch liveHeap;

  /**
   * What the JVM used during a phase.
   *
   * @param peakHeapBytes the sum of the heap pools' peak usage
   * @param peakOldGenerationBytes the old (tenured) generation's peak usage, 0 if the collector names none
   * @param peakLiveBytes the most heap in use after a full collection, -1 if none ran
   * @param gcMillis the collectors' time during the phase
   * @param cpuNanos the JVM process's CPU time during the phase, or -1 if the JVM does not tell
   * @param otherCpuNanos the CPU time the rest of the machine used during the phase, or -1 where unknown
   */
  public record ResourceUse(
      long peakHeapBytes,
      long peakOldGenerationBytes,
      long peakLiveBytes,
      long gcMillis,
      long cpuNanos,
      long otherCpuNanos) {}

  private ResourceMeter(
      long gcMillisAtStart,
      long cpuNanosAtStart,
      long machineBusyNanosAtStart,
      LiveHeapWatch liveHeap) {
    this.gcMillisAtStart = gcMillisAtStart;
    this.cpuNanosAtStart = cpuNanosAtStart;
    this.machineBusyNanosAtStart = machineBusyNanosAtStart;
    this.liveHeap = liveHeap;
  }

  static ResourceMeter start() {
    System.gc();
    heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    return new ResourceMeter(
        gcMillis(), processCpuNanos(), machineBusyNanos(), LiveHeapWatch.start());
  }

  ResourceUse read() {
    long machineBusy = machineBusyNanos();
    long cpu = processCpuNanos();
    long live = liveHeap.stop();
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
    long ownCpu = cpu < 0 || cpuNanosAtStart < 0 ? -1 : cpu - cpuNanosAtStart;
    long otherCpu = ownCpu < 0 || machineBusy < 0 || machineBusyNanosAtStart < 0
        ? -1
        : Math.max(0, machineBusy - machineBusyNanosAtStart - ownCpu);
    return new ResourceUse(heap, old, live, gcMillis() - gcMillisAtStart, ownCpu, otherCpu);
  }

  /** All CPUs' busy time since boot (user, nice, system, irq, softirq, steal), or -1 off Linux. */
  public static long machineBusyNanos() {
    try {
      String[] fields = Files.readAllLines(PROC_STAT).get(0).trim().split("\\s+");
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

  /** The load averages over 1, 5 and 15 minutes as /proc/loadavg gives them, else the JVM's 1-minute figure. */
  public static String loadAverages() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return fields[0] + " " + fields[1] + " " + fields[2] + " (1, 5, 15 min)";
    } catch (Exception e) {
      return String.format(
          Locale.ROOT,
          "%.2f (1 min)",
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
  }

  /** This JVM's CPU time so far, or -1 if the JVM does not tell. */
  public static long processCpuNanos() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean hotspot) {
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
