package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.stats.RegistryWait;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hold a worker's round has on a table: the epoch it took the table under, its heartbeat, and the
 * lock its catalog swap runs under. Whoever takes the table away ({@link #lose}) and then waits
 * ({@link #awaitStopped}) knows that no commit of this round runs or will run afterwards.
 */
final class RoundLease {
  private static final Logger LOG = LoggerFactory.getLogger(RoundLease.class);
  /** The schedule the lease belongs to. */
  interface Holder {
    /** Records a heartbeat; false when the lease's epoch is no longer current. */
    boolean heartbeat(RoundLease lease);

    boolean isCurrent(RoundLease lease);

    /** The lease's round waits for its schema registry ({@code wait}), or no longer (null). */
    default void registryWait(RoundLease lease, RegistryWait wait) {}
  }

  private final TableDescriptor descriptor;
  private final long epoch;
  private final Holder holder;
  private final LongSupplier nanoTime;
  private final long heartbeatIntervalNanos;
  private final ReentrantLock swapLock = new ReentrantLock();
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile String lostBecause;
  private long nextHeartbeatNanos;

  RoundLease(
      TableDescriptor descriptor,
      long epoch,
      Holder holder,
      Duration heartbeatInterval,
      LongSupplier nanoTime) {
    this.descriptor = requireNonNull(descriptor, "descriptor is null");
    this.epoch = epoch;
    this.holder = requireNonNull(holder, "holder is null");
    this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
    this.heartbeatIntervalNanos = heartbeatInterval.toNanos();
    this.nextHeartbeatNanos = nanoTime.getAsLong() + heartbeatIntervalNanos;
  }

  TableDescriptor descriptor() {
    return descriptor;
  }

  String table() {
    return descriptor.qualifiedName();
  }

  long epoch() {
    return epoch;
  }

  /** Says that the round waits for its schema registry ({@code wait}), or no longer (null). */
  void registryWait(RegistryWait wait) {
    holder.registryWait(this, wait);
  }

  /**
   * Called by the round's thread as it works (every fetch): throws {@link LeaseLostException} once the
   * lease is lost, so the round stops and deletes its files; reports a heartbeat once per interval.
   */
  void heartbeat() {
    throwIfLost();
    long now = nanoTime.getAsLong();
    if (now - nextHeartbeatNanos >= 0) {
      nextHeartbeatNanos = now + heartbeatIntervalNanos;
      if (!holder.heartbeat(this)) {
        lose("its epoch is no longer current");
      }
      throwIfLost();
    }
  }

  /** Runs the round's catalog swap if, right now, its epoch is still current; otherwise throws. */
  void swapIfCurrent(Runnable swap) {
    swapLock.lock();
    try {
      if (lostBecause == null && !holder.isCurrent(this)) {
        lose("its epoch is no longer current");
      }
      throwIfLost();
      swap.run();
    } finally {
      swapLock.unlock();
    }
  }

  /** Takes the table away from this round: it may not commit, and stops at its next heartbeat. */
  void lose(String reason) {
    if (lostBecause == null) {
      lostBecause = requireNonNull(reason, "reason is null");
    }
  }

  boolean lost() {
    return lostBecause != null;
  }

  /** The round's worker is done with it, committed or not. */
  void end() {
    ended.countDown();
  }

  /**
   * Waits until no catalog swap of this round is running (after {@link #lose}, none can start), then up
   * to {@code timeout} for the round to end. Returns whether it ended.
   */
  boolean awaitStopped(Duration timeout) throws InterruptedException {
    swapLock.lockInterruptibly();
    swapLock.unlock();
    return ended.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * Waits until no catalog swap of the lost leases runs, then up to {@code grace} in all for their rounds to end;
   * false when one has not ended.
   */
  static boolean awaitAllStopped(List<RoundLease> leases, Duration grace) {
    boolean all = true;
    long deadline = System.nanoTime() + grace.toNanos();
    for (RoundLease lease : leases) {
      try {
        if (!lease.awaitStopped(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
          LOG.warn(
              "The round of {} under epoch {} has not stopped yet; it can no longer commit",
              lease.table(),
              lease.epoch());
          all = false;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return all;
  }

  private void throwIfLost() {
    String reason = lostBecause;
    if (reason != null) {
      throw new LeaseLostException(table(), epoch, reason);
    }
  }
}
