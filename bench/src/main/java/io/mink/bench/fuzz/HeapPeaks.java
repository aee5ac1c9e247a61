package io.mink.bench.fuzz;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The heap's peaks over every garbage collection while it watches: the most in use before a collection (garbage
 * included) and the most still in use right after one (live data plus what the collection left), against the
 * JVM's maximum heap.
 */
final class HeapPeaks implements NotificationListener {
  /** The peaks in bytes; -1 when no collection ran. */
  record Peaks(long usedBefore, long usedAfter, long max, long collections) {}

  private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
      .filter(pool -> pool.getType() == MemoryType.HEAP)
      .map(MemoryPoolMXBean::getName)
      .collect(Collectors.toUnmodifiableSet());
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final AtomicLong before = new AtomicLong(-1);
  private final AtomicLong after = new AtomicLong(-1);
  private final AtomicLong collections = new AtomicLong();

  private HeapPeaks() {}

  static HeapPeaks watch() {
    HeapPeaks peaks = new HeapPeaks();
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(peaks, null, null);
        peaks.emitters.add(emitter);
      }
    }
    return peaks;
  }

  Peaks stop() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(this);
      } catch (ListenerNotFoundException e) {
        // not listening: nothing to remove
      }
    }
    return new Peaks(
        before.get(), after.get(), Runtime.getRuntime().maxMemory(), collections.get());
  }

  @Override
  public void handleNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    collections.incrementAndGet();
    before.accumulateAndGet(heap(info.getGcInfo().getMemoryUsageBeforeGc()), Math::max);
    after.accumulateAndGet(heap(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
  }

  /** The heap pools' use together, leaving out the non-heap pools (metaspace, code cache). */
  private long heap(Map<String, MemoryUsage> pools) {
    long used = 0;
    for (Map.Entry<String, MemoryUsage> pool : pools.entrySet()) {
      if (heapPools.contains(pool.getKey())) {
        used += pool.getValue().getUsed();
      }
    }
    return used;
  }
}
