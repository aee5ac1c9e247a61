package io.mink.samples.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;
import java.util.Locale;

/**
 * Peak heap use of a phase, from the JVM's memory pools. {@link #reset()} collects garbage and
 * resets every heap pool's peak; {@link #read()} then reports the sum of the pools' peaks (each
 * pool peaks at its own moment, so the sum is an upper bound of the true peak; with the parallel
 * collector it includes a full eden) and the old generation's peak, which is closer to the live
 * data a phase holds.
 */
final class HeapPeaks {
  /**
   * @param heapBytes the sum of the heap pools' peak usage
   * @param oldGenerationBytes the old (tenured) generation's peak usage, 0 if the collector names none
   */
  record HeapPeak(long heapBytes, long oldGenerationBytes) {}

  private HeapPeaks() {}

  static void reset() {
    System.gc();
    heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
  }

  static HeapPeak read() {
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
    return new HeapPeak(heap, old);
  }

  private static List<MemoryPoolMXBean> heapPools() {
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getType() == MemoryType.HEAP && pool.isValid())
        .toList();
  }
}
