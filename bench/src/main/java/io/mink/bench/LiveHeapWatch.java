package io.mink.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The most heap that was still in use right after a full collection while the watch ran: the live
 * data a phase really held, which is what it needs from the heap (peaks of the pools also count
 * garbage). Full collections the watch did not see start are ignored, so a {@code System.gc()}
 * just before {@link #start()} does not count.
 */
final class LiveHeapWatch {
  private static final String MAJOR = "end of major GC";

  private final Map<String, Long> collectionsAtStart =
      ManagementFactory.getGarbageCollectorMXBeans().stream()
          .collect(Collectors.toUnmodifiableMap(
              GarbageCollectorMXBean::getName, GarbageCollectorMXBean::getCollectionCount));
  private final AtomicLong peakLiveBytes = new AtomicLong(-1);
  private GcNotifications notifications;

  private LiveHeapWatch() {}

  static LiveHeapWatch start() {
    LiveHeapWatch watch = new LiveHeapWatch();
    watch.notifications = GcNotifications.listen(watch::collected);
    return watch;
  }

  /** Stops watching; returns the peak live heap in bytes, or -1 if no full collection ran meanwhile. */
  long stop() {
    notifications.close();
    return peakLiveBytes.get();
  }

  private void collected(GarbageCollectionNotificationInfo info) {
    if (!MAJOR.equals(info.getGcAction())
        || info.getGcInfo().getId() <= collectionsAtStart.getOrDefault(info.getGcName(), 0L)) {
      return;
    }
    peakLiveBytes.accumulateAndGet(
        GcNotifications.heapUsed(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
  }
}
