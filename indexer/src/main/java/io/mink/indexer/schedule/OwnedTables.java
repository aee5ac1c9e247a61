package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.Durations;
import io.mink.indexer.round.DataLossException;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.stats.PartitionLag;
import io.mink.indexer.stats.RegistryWait;
import io.mink.indexer.stats.StatusBoard;
import io.mink.indexer.stats.TableState;
import io.mink.tables.TableDescriptor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tables this instance owns, their schedule and their running rounds, behind one lock: what the
 * workers, the membership thread and the table refresh share. Every transition is put on the status board.
 * No I/O happens under the lock, except a rebalance that waits for a catalog swap in flight to end.
 */
final class OwnedTables implements MembershipListener, RoundLease.Holder {
  private static final Logger LOG = LoggerFactory.getLogger(OwnedTables.class);
  /** The longest a thread sleeps whatever the schedule says, so a clock jump cannot stall it. */
  private static final long MAX_WAIT_MILLIS = 1_000;
  /** How long letting go of tables waits for their stopped rounds to delete their files. */
  static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private final TieringSettings settings;
  private final Clock clock;
  private final TieringSchedule schedule;
  private final TableStatuses statuses;
  private final Map<String, TableDescriptor> descriptors = new HashMap<>();
  private final Map<String, RoundLease> running = new HashMap<>();
  /** Rounds that lost their lease and may not have stopped yet, by table: what a removal waits for. */
  private final Map<String, RoundLease> stopping = new HashMap<>();
  private OwnedPartitions owned = OwnedPartitions.NONE;
  private boolean refreshRequested;
  private boolean stopped;

  OwnedTables(TieringSettings settings, StatusBoard board, String instanceId, Clock clock) {
    this.settings = requireNonNull(settings, "settings is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.schedule = new TieringSchedule(settings.heartbeatTimeout());
    this.statuses = new TableStatuses(board, instanceId);
  }

  // ---- workers

  /** Waits for the pending table that has been due the longest and takes it under a new epoch; null once stopped. */
  synchronized RoundLease take() {
    while (!stopped) {
      Instant now = clock.instant();
      advance(now);
      Optional<TieringSchedule.Taken> taken = schedule.take(now);
      if (taken.isPresent()) {
        TieringSchedule.Taken table = taken.get();
        RoundLease lease = new RoundLease(descriptors.get(table.table()), table.epoch(), this,
            settings.heartbeatInterval(), System::nanoTime);
        running.put(table.table(), lease);
        publish(table.transition());
        return lease;
      }
      Instant poll = now.plus(settings.pollInterval());
      Instant wake = schedule.nextWake().filter(poll::isAfter).orElse(poll);
      waitUntil(now, wake);
    }
    return null;
  }

  /** The round committed or found nothing new; {@code lag} is null when it could not be measured. */
  synchronized void roundEnded(RoundLease lease, RoundResult result, List<PartitionLag> lag) {
    if (holds(lease)) {
      Instant now = clock.instant();
      statuses.roundEnded(lease.table(), result, lag, now);
      schedule.tiered(lease.table(), lease.epoch(), result.forceFinished(), now).forEach(this::publish);
    }
    released(lease);
  }

  synchronized void roundFailed(RoundLease lease, RuntimeException failure) {
    String name = lease.table();
    if (!holds(lease)) {
      LOG.info("Round of {} under the stale epoch {} failed: {}", name, lease.epoch(), failure.getMessage());
      released(lease);
      return;
    }
    statuses.roundFailed(name, failure);
    String error = failure.getMessage() == null ? failure.toString() : failure.getMessage();
    if (failure instanceof DataLossException) {
      schedule.stopped(name, lease.epoch(), error, clock.instant()).forEach(this::publish);
      LOG.warn("Table {} is stopped and not retried until an operator runs mink table resume {} --accept-gap: {}",
          name, name, error);
      released(lease);
      return;
    }
    schedule.failed(name, lease.epoch(), error, clock.instant()).forEach(this::publish);
    TieringSchedule.TableSlot slot = schedule.get(name).orElseThrow();
    if (slot.consecutiveFailures() <= 3 || slot.consecutiveFailures() % 20 == 0) {
      LOG.warn("Round of {} failed ({} in a row), next try at {}: {}", name, slot.consecutiveFailures(),
          slot.nextDue(), error, failure);
    }
    released(lease);
  }

  /** The round stopped without committing because it lost its lease; the table's state was changed by whoever took it. */
  synchronized void roundLost(RoundLease lease) {
    released(lease);
  }

  /**
   * Whether the lease is the table's current one. Compared by identity, not only by epoch: a table let go and
   * owned again starts a new count of epochs, which may meet an old round's.
   */
  private boolean holds(RoundLease lease) {
    return running.get(lease.table()) == lease && schedule.isCurrent(lease.table(), lease.epoch());
  }

  private void released(RoundLease lease) {
    running.remove(lease.table(), lease);
    stopping.remove(lease.table(), lease);
    notifyAll();
  }

  @Override
  public synchronized boolean heartbeat(RoundLease lease) {
    Instant now = clock.instant();
    if (stopped || !holds(lease)) {
      return false;
    }
    schedule.heartbeat(lease.table(), lease.epoch(), now);
    schedule.get(lease.table()).ifPresent(slot -> statuses.touch(slot, now));
    return true;
  }

  @Override
  public synchronized void registryWait(RoundLease lease, RegistryWait wait) {
    if (stopped || !holds(lease)) {
      return;
    }
    statuses.registryWait(lease.table(), wait);
    schedule.get(lease.table()).ifPresent(slot -> statuses.touch(slot, clock.instant()));
  }

  @Override
  public synchronized boolean isCurrent(RoundLease lease) {
    return !stopped && holds(lease);
  }

  // ---- the service loop

  /** Moves due tables to the queue and times out silent rounds; returns when something may be due next. */
  synchronized Instant advance() {
    Instant now = clock.instant();
    advance(now);
    return schedule.nextWake().orElse(Instant.MAX);
  }

  /** Sleeps until {@code wake}, a request to refresh, or {@link #stop}. */
  synchronized void sleepUntil(Instant wake) {
    if (!stopped && !refreshRequested) {
      waitUntil(clock.instant(), wake);
    }
  }

  /** Wakes the service loop to read the table list again now, as after a change to the tables topic. */
  synchronized void requestRefresh() {
    refreshRequested = true;
    notifyAll();
  }

  /** Whether the ownership changed since the last call, so the table list should be read again now. */
  synchronized boolean takeRefreshRequest() {
    boolean requested = refreshRequested;
    refreshRequested = false;
    return requested;
  }

  synchronized boolean stopped() {
    return stopped;
  }

  private void advance(Instant now) {
    boolean pending = false;
    for (Transition transition : schedule.advance(now)) {
      publish(transition);
      pending = true;
      if (transition.from() == TableState.TIERING) {
        LOG.warn("Round of {} timed out: {}; the table is pending again under epoch {}", transition.table(),
            transition.reason(), transition.epoch());
        RoundLease silent = running.remove(transition.table());
        if (silent != null) {
          silent.lose("its worker sent no heartbeat for " + Durations.format(settings.heartbeatTimeout()));
        }
      }
    }
    if (pending) {
      notifyAll();
    }
  }

  private void publish(Transition transition) {
    LOG.debug("{}: {} -> {} under epoch {} ({})", transition.table(), transition.from(), transition.to(),
        transition.epoch(), transition.reason());
    statuses.publish(transition, schedule.get(transition.table()).orElse(null));
  }

  @SuppressWarnings("WaitNotInLoop") // its callers loop: every wake-up, spurious or not, looks at the schedule again
  private void waitUntil(Instant now, Instant wake) {
    long millis = Math.min(Duration.between(now, wake).toMillis(), MAX_WAIT_MILLIS);
    if (millis <= 0) {
      return;
    }
    try {
      wait(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stopped = true;
    }
  }

  // ---- the table list

  /**
   * Lets go of the scheduled tables that were removed, stopped indexing or are no longer owned, takes descriptor
   * changes, and returns the indexing tables this instance owns but has not scheduled yet.
   */
  synchronized List<TableDescriptor> reconcile(List<TableDescriptor> listed) {
    Map<String, TableDescriptor> byName = new HashMap<>();
    listed.forEach(table -> byName.put(table.qualifiedName(), table));
    for (String name : Set.copyOf(descriptors.keySet())) {
      TableDescriptor now = byName.get(name);
      if (now == null) {
        letGo(name, "removed from the tables topic");
      } else if (!now.isIndexing()) {
        letGo(name, "the table is " + now.state().label() + ": " + now.lifecycle().reason());
      } else if (!owned.owns(name)) {
        letGo(name, "its ownership partition moved to another instance");
      } else if (!now.equals(descriptors.get(name))) {
        descriptors.put(name, now);
        schedule.updateFreshness(name, now.freshness());
        schedule.resume(name, clock.instant(), "its entry changed: " + now.lifecycle().reason())
            .ifPresent(resumed -> {
              publish(resumed);
              advance(clock.instant());
            });
      }
    }
    return listed.stream()
        .filter(table -> table.isIndexing() && owned.owns(table.qualifiedName())
            && !descriptors.containsKey(table.qualifiedName()))
        .toList();
  }

  /** The listed tables, in any state, whose ownership partition this instance holds. */
  synchronized List<TableDescriptor> ownedOf(List<TableDescriptor> listed) {
    return listed.stream().filter(table -> owned.owns(table.qualifiedName())).toList();
  }

  /**
   * Lets go of a table that stopped indexing and waits until its round, if one ran, has stopped: after this no
   * round of this instance writes to the table. False when the round did not stop within the grace period.
   */
  boolean stopIndexing(String table, String reason) {
    RoundLease lease;
    synchronized (this) {
      lease = descriptors.containsKey(table) ? letGo(table, reason) : stopping.get(table);
    }
    return lease == null || awaitStopped(List.of(lease));
  }

  /**
   * Schedules a table this instance owns, unless it lost it meanwhile. Its epochs count from the generation in
   * which this instance got the table's ownership partition.
   */
  synchronized void add(TableDescriptor table, Instant lastTiered) {
    String name = table.qualifiedName();
    if (stopped || descriptors.containsKey(name) || owned.generationOf(name).isEmpty()) {
      return;
    }
    descriptors.put(name, table);
    statuses.track(name, table.topic(), lastTiered);
    long epochBase = (long) owned.generationOf(name).getAsInt() << 32;
    publish(schedule.add(name, table.freshness(), lastTiered, epochBase, clock.instant()));
    advance(clock.instant());
    LOG.info("Indexing topic {} into table {} every {}", table.topic(), name, Durations.format(table.freshness()));
  }

  /** Lets go of a table: off the schedule and the board; its running round loses its lease, which is returned. */
  private RoundLease letGo(String table, String reason) {
    schedule.remove(table, clock.instant(), reason).ifPresent(this::publish);
    descriptors.remove(table);
    RoundLease lease = running.remove(table);
    if (lease != null) {
      lease.lose(reason);
      stopping.put(table, lease);
    }
    LOG.info("No longer indexing table {}: {}", table, reason);
    return lease;
  }

  // ---- ownership

  @Override
  public synchronized void assigned(Set<Integer> partitions, int generation, int partitionCount) {
    owned = owned.with(partitions, generation, partitionCount);
    refreshRequested = true;
    notifyAll();
  }

  /** Lets go of the tables of {@code partitions} and returns once none of their rounds can commit any more. */
  @Override
  public void revoked(Set<Integer> partitions) {
    List<RoundLease> ending = new ArrayList<>();
    synchronized (this) {
      owned = owned.without(partitions);
      for (String table : Set.copyOf(descriptors.keySet())) {
        if (!owned.owns(table)) {
          Optional.ofNullable(letGo(table, "its ownership partition moved to another instance"))
              .ifPresent(ending::add);
        }
      }
    }
    awaitStopped(ending);
  }

  /** Stops taking tables, lets go of all of them and waits for their rounds to stop. */
  void stop() {
    List<RoundLease> ending = new ArrayList<>();
    synchronized (this) {
      stopped = true;
      for (String table : Set.copyOf(descriptors.keySet())) {
        Optional.ofNullable(letGo(table, "the sidecar is stopping")).ifPresent(ending::add);
      }
      notifyAll();
    }
    awaitStopped(ending);
  }

  /**
   * Waits until no catalog swap of the leases runs (none can start), then a while for their rounds to end; false
   * when one has not ended.
   */
  private static boolean awaitStopped(List<RoundLease> leases) {
    boolean all = true;
    long deadline = System.nanoTime() + STOP_GRACE.toNanos();
    for (RoundLease lease : leases) {
      try {
        if (!lease.awaitStopped(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
          LOG.warn("The round of {} under epoch {} has not stopped yet; it can no longer commit", lease.table(),
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
}
