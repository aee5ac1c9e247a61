package io.mink.bench;

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
 * The most heap that was still in use right after a full collection while the watch ran: the live
 * data a phase really held, which is what it needs from the heap (peaks of the pools also count
 * garbage). Full collections the watch did not see start are ignored, so a {@code System.gc()}
 * just before {@link #start()} does not count.
 */
final class LiveHeapWatch implements NotificationListener {
  private static final String MAJOR = "end of major GC";

  private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
      .filter(pool -> pool.getType() == MemoryType.HEAP)
      .map(MemoryPoolMXBean::getName)
      .collect(Collectors.toUnmodifiableSet());
  private final Map<String, Long> collectionsAtStart =
      ManagementFactory.getGarbageCollectorMXBeans().stream()
          .collect(Collectors.toUnmodifiableMap(
              GarbageCollectorMXBean::getName, GarbageCollectorMXBean::getCollectionCount));
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final AtomicLong peakLiveBytes = new AtomicLong(-1);

  private LiveHeapWatch() {}

  static LiveHeapWatch start() {
    LiveHeapWatch watch = new LiveHeapWatch();
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(watch, null, null);
        watch.emitters.add(emitter);
      }
    }
    return watch;
  }

  /** Stops watching; returns the peak live heap in bytes, or -1 if no full collection ran meanwhile. */
  long stop() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(this);
      } catch (ListenerNotFoundException e) {
        // already gone: nothing to stop
      }
    }
    return peakLiveBytes.get();
  }

  @Override
  public void handleNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    if (!MAJOR.equals(info.getGcAction())
        || info.getGcInfo().getId() <= collectionsAtStart.getOrDefault(info.getGcName(), 0L)) {
      return;
    }
    long live = 0;
    for (Map.Entry<String, MemoryUsage> pool :
        info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
      if (heapPools.contains(pool.getKey())) {
        live += pool.getValue().getUsed();
      }
    }
    peakLiveBytes.accumulateAndGet(live, Math::max);
  }
}
