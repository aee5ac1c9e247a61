package io.mink.indexer.upsert;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory every upsert table's key index of one sidecar may take together. A key costs 34 to 69 bytes, so a
 * GiB holds the index of 15 to 31 million keys; a partition whose index would not fit is not kept, and each of
 * its rounds reads its keys from the lake instead.
 */
public final class KeyIndexBudget {
  private final long limitBytes;
  private final AtomicLong usedBytes = new AtomicLong();

  public KeyIndexBudget(long limitBytes) {
    if (limitBytes < 0) {
      throw new IllegalArgumentException("A key index budget is not negative: " + limitBytes);
    }
    this.limitBytes = limitBytes;
  }

  public long limitBytes() {
    return limitBytes;
  }

  public long usedBytes() {
    return usedBytes.get();
  }

  /** Takes {@code bytes} from the budget if they fit, and says whether they did. */
  boolean tryReserve(long bytes) {
    while (true) {
      long used = usedBytes.get();
      if (used + bytes > limitBytes) {
        return false;
      }
      if (usedBytes.compareAndSet(used, used + bytes)) {
        return true;
      }
    }
  }

  /** Takes {@code bytes} whether they fit or not: a round's own new keys. */
  void reserve(long bytes) {
    usedBytes.addAndGet(bytes);
  }

  void release(long bytes) {
    usedBytes.addAndGet(-bytes);
  }

  boolean exceeded() {
    return usedBytes.get() > limitBytes;
  }
}
