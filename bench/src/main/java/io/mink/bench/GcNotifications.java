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
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/** Every garbage collection of this JVM, as the collectors announce it, until {@link #close()}. */
public final class GcNotifications implements AutoCloseable {
  private static final Set<String> HEAP_POOLS = ManagementFactory.getMemoryPoolMXBeans().stream()
      .filter(pool -> pool.getType() == MemoryType.HEAP)
      .map(MemoryPoolMXBean::getName)
      .collect(Collectors.toUnmodifiableSet());

  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener;

  private GcNotifications(Consumer<GarbageCollectionNotificationInfo> collected) {
    this.listener = (notification, handback) -> {
      if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
          notification.getType())) {
        collected.accept(
            GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData()));
      }
    };
  }

  /** Calls {@code collected} after each collection, on the JVM's notification thread. */
  public static GcNotifications listen(Consumer<GarbageCollectionNotificationInfo> collected) {
    GcNotifications notifications = new GcNotifications(collected);
    for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (collector instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(notifications.listener, null, null);
        notifications.emitters.add(emitter);
      }
    }
    return notifications;
  }

  /** The heap pools' use together, leaving out the non-heap pools (metaspace, code cache). */
  public static long heapUsed(Map<String, MemoryUsage> pools) {
    long used = 0;
    for (Map.Entry<String, MemoryUsage> pool : pools.entrySet()) {
      if (HEAP_POOLS.contains(pool.getKey())) {
        used += pool.getValue().getUsed();
      }
    }
    return used;
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException e) {
        // already gone: nothing to stop
      }
    }
  }
}
