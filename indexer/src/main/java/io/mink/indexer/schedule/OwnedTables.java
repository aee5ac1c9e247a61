package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.Durations;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.stats.PartitionLag;
import io.mink.indexer.stats.RegistryWait;
import io.mink.indexer.stats.StatusBoard;
import io.mink.indexer.stats.TableState;
import io.mink.tables.TableDescriptor;
import io.mink.tables.acl.MinkResources;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.iceberg.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tables this instance owns, their schedule and their running rounds, behind one lock: what the
 * workers, the membership thread and the table refresh share. Every transition is put on the status board.
 * No I/O happens under the lock, except a rebalance that waits for a catalog swap in flight to end.
 */
final class OwnedTables implements MembershipListener, RoundLease.Holder {
  private static final Logger LOG = LoggerFactory.getLogger(OwnedTables.class);
  /** How long letting go of tables waits for their stopped rounds to delete their files. */
  static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private final TieringSettings settings;
  private final Clock clock;
  private final TieringSchedule schedule;
  private final TableStatuses statuses;
  /** What a round's refusals name: its table's topic, or the sidecars' groups; no round uses the other topics. */
  private final MinkResources resources;

  /** The [kafka] settings, for the brokers and the principal a refusal's grant command names. */
  private final Map<String, String> kafkaSettings;

  private final Map<String, TableDescriptor> descriptors = new HashMap<>();
  /**
   * Tables loaded from the catalog as this instance took them, whose first round was due at once: that round starts
   * from the loaded table (refreshing it) instead of loading it again. Each leaves at its first round, or when the
   * table is let go.
   */
  private final Map<String, Table> loadedAtTakeover = new HashMap<>();

  private final RunningRounds rounds = new RunningRounds();
  private OwnedPartitions owned = OwnedPartitions.NONE;
  private boolean refreshRequested;
  private boolean stopped;

  OwnedTables(
      TieringSettings settings,
      StatusBoard board,
      String instanceId,
      Clock clock,
      Map<String, String> kafkaSettings) {
    this.settings = requireNonNull(settings, "settings is null");
    this.clock = requireNonNull(clock, "clock is null");
    this.schedule = new TieringSchedule(settings.heartbeatTimeout());
    this.statuses = new TableStatuses(board, instanceId);
    this.resources = new MinkResources("", settings.ownersTopic(), "", settings.groupId());
    this.kafkaSettings = Map.copyOf(kafkaSettings);
  }

  /**
   * The table as loaded when this instance took it, for its first round; empty when it was not loaded then, or a
   * round of it has started since.
   */
  synchronized Optional<Table> loadedAtTakeover(String table) {
    return Optional.ofNullable(loadedAtTakeover.remove(table));
  }

  /** Waits for the pending table that has been due the longest and takes it under a new epoch; null once stopped. */
  synchronized RoundLease take() {
    while (!stopped) {
      Instant now = clock.instant();
      advance(now);
      Optional<TieringSchedule.Taken> taken = schedule.take(now);
      if (taken.isPresent()) {
        TieringSchedule.Taken table = taken.get();
        RoundLease lease =
            rounds.start(descriptors.get(table.table()), table.epoch(), this, settings);
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
      boolean forced = result.forceFinished();
      schedule.tiered(lease.table(), lease.epoch(), forced, now).forEach(this::publish);
    }
    released(lease);
  }

  /** The round failed: an outage is retried after the backoff, anything else stops the table until it is resumed. */
  synchronized void roundFailed(RoundLease lease, RuntimeException failure) {
    String name = lease.table();
    if (holds(lease)) {
      RoundFailure verdict = RoundFailure.of(name, failure, resources, kafkaSettings);
      statuses.roundFailed(name, failure, verdict.error());
      List<Transition> transitions = verdict.retried()
          ? schedule.failed(name, lease.epoch(), verdict.error(), clock.instant())
          : schedule.stopped(
              name, lease.epoch(), verdict.stopError(), verdict.resumeCommand(), clock.instant());
      transitions.forEach(this::publish);
      verdict.log(failure, schedule.get(name).orElseThrow());
    } else {
      RoundFailure.logStale(lease, failure);
    }
    released(lease);
  }

  /** The round stopped without committing because it lost its lease; the table's state was changed by whoever took it. */
  synchronized void roundLost(RoundLease lease) {
    released(lease);
  }

  /** Whether the lease is its table's running round under the current epoch. */
  private boolean holds(RoundLease lease) {
    return rounds.isRunning(lease) && schedule.isCurrent(lease.table(), lease.epoch());
  }

  private void released(RoundLease lease) {
    rounds.ended(lease);
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
        rounds.timedOut(transition, settings.heartbeatTimeout());
      }
    }
    if (pending) {
      notifyAll();
    }
  }

  private void publish(Transition transition) {
    statuses.publish(transition, schedule.get(transition.table()).orElse(null));
  }

  private void waitUntil(Instant now, Instant wake) {
    if (!MonitorWait.until(this, now, wake)) {
      stopped = true;
    }
  }

  /**
   * Lets go of the scheduled tables that were removed, stopped indexing or are no longer owned, takes descriptor
   * changes, and returns the indexing tables this instance owns but has not scheduled yet.
   */
  synchronized List<TableDescriptor> reconcile(List<TableDescriptor> listed) {
    ListedTables changes = ListedTables.of(Map.copyOf(descriptors), listed, owned);
    changes.letGo().forEach(this::letGo);
    for (TableDescriptor now : changes.changed()) {
      String name = now.qualifiedName();
      descriptors.put(name, now);
      if (schedule.updateFreshness(name, now.freshness())) {
        schedule.get(name).ifPresent(slot -> statuses.touch(slot, clock.instant()));
      }
      schedule
          .resume(name, clock.instant(), "its entry changed: " + now.lifecycle().reason())
          .ifPresent(resumed -> {
            publish(resumed);
            advance(clock.instant());
          });
    }
    return changes.added();
  }

  synchronized OwnedPartitions owned() {
    return owned;
  }

  /**
   * Lets go of a table that stopped indexing and waits until its round, if one ran, has stopped: after this no
   * round of this instance writes to the table. False when the round did not stop within the grace period.
   */
  boolean stopIndexing(String table, String reason) {
    RoundLease lease;
    synchronized (this) {
      lease = descriptors.containsKey(table) ? letGo(table, reason) : rounds.stopping(table);
    }
    return lease == null || RoundLease.awaitAllStopped(List.of(lease), STOP_GRACE);
  }

  /**
   * Schedules a table this instance owns, unless it lost it meanwhile. Its epochs count from the generation in
   * which this instance got the table's ownership partition.
   */
  synchronized void add(TableDescriptor table, Instant lastTiered) {
    add(table, lastTiered, null);
  }

  /**
   * Schedules a table as {@link #add(TableDescriptor, Instant)} does; when its first round is due at once, that round
   * starts from {@code loaded}, the table as read for {@code lastTiered} (null: none).
   */
  synchronized void add(TableDescriptor table, Instant lastTiered, Table loaded) {
    String name = table.qualifiedName();
    if (stopped || descriptors.containsKey(name) || owned.generationOf(name).isEmpty()) {
      return;
    }
    descriptors.put(name, table);
    if (loaded != null
        && (lastTiered == null || !lastTiered.plus(table.freshness()).isAfter(clock.instant()))) {
      loadedAtTakeover.put(name, loaded);
    }
    statuses.track(name, table.topic(), lastTiered);
    long epochBase = (long) owned.generationOf(name).getAsInt() << 32;
    publish(schedule.add(name, table.freshness(), lastTiered, epochBase, clock.instant()));
    advance(clock.instant());
    String every = Durations.format(table.freshness());
    LOG.info("Indexing topic {} into table {} every {}", table.topic(), name, every);
  }

  /** Lets go of a table: off the schedule and the board; its running round loses its lease, which is returned. */
  private RoundLease letGo(String table, String reason) {
    schedule.remove(table, clock.instant(), reason).ifPresent(this::publish);
    descriptors.remove(table);
    loadedAtTakeover.remove(table);
    RoundLease lease = rounds.stop(table, reason);
    LOG.info("No longer indexing table {}: {}", table, reason);
    return lease;
  }

  @Override
  public synchronized void assigned(Set<Integer> partitions, int generation, int partitionCount) {
    owned = owned.with(partitions, generation, partitionCount);
    refreshRequested = true;
    notifyAll();
  }

  /** Whether the instance schedules the table's rounds now. */
  synchronized boolean schedules(String table) {
    return descriptors.containsKey(table);
  }

  /** Lets go of the tables of {@code partitions} and returns once none of their rounds can commit any more. */
  @Override
  public void revoked(Set<Integer> partitions) {
    List<RoundLease> ending;
    synchronized (this) {
      owned = owned.without(partitions);
      ending = letGoAll(
          table -> !owned.owns(table), "its ownership partition moved to another instance");
    }
    RoundLease.awaitAllStopped(ending, STOP_GRACE);
  }

  /** Stops taking tables, lets go of all of them and waits for their rounds to stop. */
  void stop() {
    List<RoundLease> ending;
    synchronized (this) {
      stopped = true;
      ending = letGoAll(table -> true, "the sidecar is stopping");
      notifyAll();
    }
    RoundLease.awaitAllStopped(ending, STOP_GRACE);
  }

  /** Lets go of the scheduled tables {@code which} picks; returns their rounds that were running. */
  private List<RoundLease> letGoAll(Predicate<String> which, String reason) {
    List<RoundLease> ending = new ArrayList<>();
    for (String table : Set.copyOf(descriptors.keySet())) {
      if (which.test(table)) {
        Optional.ofNullable(letGo(table, reason)).ifPresent(ending::add);
      }
    }
    return ending;
  }
}
