package io.mink.samples.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Locale;

/**
 * Heap use of a phase, from the JVM's memory pools and collectors. {@link #start()} collects
 * garbage and resets every heap pool's peak; {@link #read()} then reports the sum of the pools'
 * peaks (each pool peaks at its own moment, so the sum is an upper bound of the true peak; with the
 * parallel collector it includes a full eden), the old generation's peak, which is closer to the
 * data a phase keeps, and the time spent collecting garbage since {@code start()}.
 */
final class HeapMeter {
  private final long gcMillisAtStart;

  /**
   * @param peakHeapBytes the sum of the heap pools' peak usage
   * @param peakOldGenerationBytes the old (tenured) generation's peak usage, 0 if the collector names none
   * @param gcMillis the collectors' time during the phase, young and full collections together
   */
  record HeapUse(long peakHeapBytes, long peakOldGenerationBytes, long gcMillis) {}

  private HeapMeter(long gcMillisAtStart) {
    this.gcMillisAtStart = gcMillisAtStart;
  }

  static HeapMeter start() {
    System.gc();
    heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
    return new HeapMeter(gcMillis());
  }

  HeapUse read() {
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
    return new HeapUse(heap, old, gcMillis() - gcMillisAtStart);
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
