package io.mink.bench.fuzz;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.mink.bench.GcNotifications;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The heap's peaks over every garbage collection while it watches: the most in use before a collection (garbage
 * included) and the most still in use right after one (live data plus what the collection left), against the
 * JVM's maximum heap.
 */
final class HeapPeaks {
  /** The peaks in bytes; -1 when no collection ran. */
  record Peaks(long usedBefore, long usedAfter, long max, long collections) {}

  private final AtomicLong before = new AtomicLong(-1);
  private final AtomicLong after = new AtomicLong(-1);
  private final AtomicLong collections = new AtomicLong();
  private GcNotifications notifications;

  private HeapPeaks() {}

  static HeapPeaks watch() {
    HeapPeaks peaks = new HeapPeaks();
    peaks.notifications = GcNotifications.listen(peaks::collected);
    return peaks;
  }

  Peaks stop() {
    notifications.close();
    return new Peaks(
        before.get(), after.get(), Runtime.getRuntime().maxMemory(), collections.get());
  }

  private void collected(GarbageCollectionNotificationInfo info) {
    collections.incrementAndGet();
    before.accumulateAndGet(
        GcNotifications.heapUsed(info.getGcInfo().getMemoryUsageBeforeGc()), Math::max);
    after.accumulateAndGet(
        GcNotifications.heapUsed(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
  }
}
