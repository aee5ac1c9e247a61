package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.stats.TableState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The schedule of the tables this instance owns (docs/scheduling.md, States), as a state machine:
 *
 * <pre>
 *   first seen -> SCHEDULED -due-> PENDING -taken, epoch+1-> TIERING -> TIERED -> SCHEDULED
 *                                     ^                         |  \--> FAILED -> SCHEDULED
 *                                     \-- heartbeat timeout, epoch+1 --/   \--> FAILED (a gap) -resumed-> SCHEDULED
 * </pre>
 *
 * A round that failed for any reason but an outage, such as a gap, leaves its table FAILED and not retried: only an
 * operator's decision, seen as a change of the table's entry ({@code mink table resume}), schedules it again.
 *
 * A table is due at last tiered + freshness, at once when it has no Mink snapshot yet or its round was
 * force-finished, and after the backoff when its round failed ({@link TableSchedule}). PENDING tables
 * form one queue, earliest due first, so a table that is due again quickly cannot starve one that has
 * waited longer. A round holds the table under an epoch; only the round of the current epoch may
 * finish it or commit. Pure and not thread-safe: the caller passes the time in and holds a lock.
 *
 * <p>The SCHEDULED tables are kept in the order they fall due, the PENDING ones in the order they are taken, and the
 * TIERING ones in the order their heartbeats time out, so {@link #advance}, {@link #take}, {@link #nextWake} and
 * {@link #hasPending} look at the tables they act on, not at every owned table.
 */
final class TieringSchedule {
  private final Duration heartbeatTimeout;
  private static final Comparator<Slot> BY_DUE =
      Comparator.comparing((Slot slot) -> slot.timing.nextDue()).thenComparing(slot -> slot.table);
  private static final Comparator<Slot> BY_HEARTBEAT =
      Comparator.comparing((Slot slot) -> slot.lastHeartbeat).thenComparing(slot -> slot.table);

  private final Map<String, Slot> slots = new TreeMap<>();
  /** The SCHEDULED slots, the one due first first. */
  private final NavigableSet<Slot> scheduled = new TreeSet<>(BY_DUE);
  /** The PENDING slots, the one due the longest first. */
  private final NavigableSet<Slot> pending = new TreeSet<>(BY_DUE);
  /** The TIERING slots, the one whose heartbeat is oldest first. */
  private final NavigableSet<Slot> tiering = new TreeSet<>(BY_HEARTBEAT);

  TieringSchedule(Duration heartbeatTimeout) {
    this.heartbeatTimeout = requireNonNull(heartbeatTimeout, "heartbeatTimeout is null");
    if (heartbeatTimeout.isZero() || heartbeatTimeout.isNegative()) {
      throw new IllegalArgumentException(
          "The heartbeat timeout must be positive: " + heartbeatTimeout);
    }
  }

  /** A table as the schedule holds it. */
  record TableSlot(
      String table,
      TableState state,
      long epoch,
      Instant nextDue,
      Instant lastHeartbeat,
      int consecutiveFailures,
      Duration freshness) {}

  /** A table a worker took: its round runs under {@code epoch}. */
  record Taken(String table, long epoch, Transition transition) {}

  private static final class Slot {
    private final String table;
    private Duration freshness;
    private TableState state = TableState.SCHEDULED;
    private long epoch;
    private final TableSchedule timing;
    private Instant lastHeartbeat;

    Slot(String table, Duration freshness, long epoch, TableSchedule timing) {
      this.table = table;
      this.freshness = freshness;
      this.epoch = epoch;
      this.timing = timing;
    }

    /** The slot as it is seen; a table stopped by a gap (FAILED between rounds) is never due. */
    TableSlot view() {
      return new TableSlot(
          table,
          state,
          epoch,
          state == TableState.FAILED ? null : timing.nextDue(),
          lastHeartbeat,
          timing.consecutiveFailures(),
          freshness);
    }

    Transition move(TableState to, Instant at, String reason) {
      Transition transition = new Transition(table, state, to, epoch, at, reason);
      state = to;
      return transition;
    }
  }

  /**
   * Schedules a table this instance now owns: due one freshness after its last Mink snapshot, or at
   * once when it has none. Its epochs count up from {@code epochBase}.
   */
  Transition add(
      String table, Duration freshness, Instant lastTiered, long epochBase, Instant now) {
    requireNonNull(table, "table is null");
    requireNonNull(freshness, "freshness is null");
    if (slots.containsKey(table)) {
      throw new IllegalStateException("Table " + table + " is scheduled already");
    }
    Slot slot =
        new Slot(table, freshness, epochBase, TableSchedule.firstSeen(lastTiered, freshness, now));
    slots.put(table, slot);
    index(slot);
    return new Transition(
        table,
        null,
        TableState.SCHEDULED,
        epochBase,
        now,
        lastTiered == null ? "no Mink snapshot yet: due at once" : "last tiered at " + lastTiered);
  }

  /**
   * The table's freshness changed: a scheduled table is due the new freshness after its last round. False when the
   * table is not scheduled here or its freshness is the same.
   */
  boolean updateFreshness(String table, Duration freshness) {
    Slot slot = slots.get(table);
    if (slot == null || slot.freshness.equals(requireNonNull(freshness, "freshness is null"))) {
      return false;
    }
    if (slot.state == TableState.SCHEDULED) {
      unindex(slot);
      slot.timing.freshnessChanged(slot.freshness, freshness);
      index(slot);
    }
    slot.freshness = freshness;
    return true;
  }

  /** Lets go of a table: it was removed, or this instance no longer owns it. A running round may not commit. */
  Optional<Transition> remove(String table, Instant now, String reason) {
    Slot slot = slots.remove(table);
    if (slot == null) {
      return Optional.empty();
    }
    unindex(slot);
    return Optional.of(new Transition(table, slot.state, null, slot.epoch, now, reason));
  }

  /**
   * Moves due SCHEDULED tables to PENDING, and TIERING tables whose worker has been silent for longer
   * than the heartbeat timeout back to PENDING under a new epoch: the silent round may not commit, and
   * the table keeps its place in the queue.
   */
  List<Transition> advance(Instant now) {
    List<Slot> moving = new ArrayList<>();
    for (Slot slot : scheduled) {
      if (!slot.timing.isDue(now)) {
        break;
      }
      moving.add(slot);
    }
    for (Slot slot : tiering) {
      if (!slot.lastHeartbeat.plus(heartbeatTimeout).isBefore(now)) {
        break;
      }
      moving.add(slot);
    }
    moving.sort(Comparator.comparing(slot -> slot.table));
    List<Transition> transitions = new ArrayList<>();
    for (Slot slot : moving) {
      unindex(slot);
      if (slot.state == TableState.SCHEDULED) {
        transitions.add(slot.move(TableState.PENDING, now, "due at " + slot.timing.nextDue()));
      } else {
        slot.epoch++;
        transitions.add(slot.move(
            TableState.PENDING,
            now,
            "no heartbeat from the worker of epoch " + (slot.epoch - 1) + " since "
                + slot.lastHeartbeat));
      }
      index(slot);
    }
    return transitions;
  }

  /** Takes the PENDING table that has been due the longest, under a new epoch; empty when none is pending. */
  Optional<Taken> take(Instant now) {
    if (pending.isEmpty()) {
      return Optional.empty();
    }
    Slot slot = pending.first();
    unindex(slot);
    slot.epoch++;
    slot.lastHeartbeat = now;
    Transition transition = slot.move(TableState.TIERING, now, "taken by a worker");
    index(slot);
    return Optional.of(new Taken(slot.table, slot.epoch, transition));
  }

  /** Whether a round of the table under {@code epoch} may go on and commit. */
  boolean isCurrent(String table, long epoch) {
    Slot slot = slots.get(table);
    return slot != null && slot.state == TableState.TIERING && slot.epoch == epoch;
  }

  /** Records a heartbeat of the round under {@code epoch}; false when that round is no longer current. */
  boolean heartbeat(String table, long epoch, Instant now) {
    if (!isCurrent(table, epoch)) {
      return false;
    }
    Slot slot = slots.get(table);
    unindex(slot);
    slot.lastHeartbeat = now;
    index(slot);
    return true;
  }

  /**
   * The round under {@code epoch} ended: committed or had nothing new. The table is scheduled again one
   * freshness later, or at once when the round was force-finished. Nothing happens for a stale epoch.
   */
  List<Transition> tiered(String table, long epoch, boolean forceFinished, Instant now) {
    if (!isCurrent(table, epoch)) {
      return List.of();
    }
    Slot slot = slots.get(table);
    unindex(slot);
    slot.timing.tiered(now, slot.freshness, forceFinished);
    List<Transition> transitions = List.of(
        slot.move(
            TableState.TIERED,
            now,
            forceFinished ? "force-finished at the freshness deadline" : "round ended"),
        slot.move(TableState.SCHEDULED, now, "due at " + slot.timing.nextDue()));
    index(slot);
    return transitions;
  }

  /** The round under {@code epoch} failed: the table is scheduled again after the backoff. Nothing happens for a stale epoch. */
  List<Transition> failed(String table, long epoch, String error, Instant now) {
    if (!isCurrent(table, epoch)) {
      return List.of();
    }
    Slot slot = slots.get(table);
    unindex(slot);
    slot.timing.failed(now, slot.freshness);
    List<Transition> transitions = List.of(
        slot.move(TableState.FAILED, now, error),
        slot.move(
            TableState.SCHEDULED,
            now,
            "retry at " + slot.timing.nextDue() + " after " + slot.timing.consecutiveFailures()
                + " failed rounds in a row"));
    index(slot);
    return transitions;
  }

  /**
   * The round under {@code epoch} failed in a way retrying cannot help, such as offsets Kafka deleted before they
   * were indexed: the table stays FAILED and is not retried until {@link #resume}, which {@code resumeCommand}
   * brings about. Nothing happens for a stale epoch.
   */
  List<Transition> stopped(
      String table, long epoch, String error, String resumeCommand, Instant now) {
    if (!isCurrent(table, epoch)) {
      return List.of();
    }
    Slot slot = slots.get(table);
    unindex(slot);
    slot.timing.failed(now, slot.freshness);
    List<Transition> transitions =
        List.of(slot.move(TableState.FAILED, now, error + "; not retried until " + resumeCommand));
    index(slot);
    return transitions;
  }

  /** A table stopped by a gap is due at once; empty when the table is not stopped. */
  Optional<Transition> resume(String table, Instant now, String reason) {
    Slot slot = slots.get(table);
    if (slot == null || slot.state != TableState.FAILED) {
      return Optional.empty();
    }
    unindex(slot);
    slot.timing.resumed(now);
    Transition transition = slot.move(TableState.SCHEDULED, now, reason);
    index(slot);
    return Optional.of(transition);
  }

  /** When something is next due to happen: a scheduled table falls due or a round's heartbeat times out. */
  Optional<Instant> nextWake() {
    Instant wake = scheduled.isEmpty() ? null : scheduled.first().timing.nextDue();
    if (!tiering.isEmpty()) {
      Instant timeout = tiering.first().lastHeartbeat.plus(heartbeatTimeout).plusMillis(1);
      if (wake == null || timeout.isBefore(wake)) {
        wake = timeout;
      }
    }
    return Optional.ofNullable(wake);
  }

  boolean hasPending() {
    return !pending.isEmpty();
  }

  /** The index that holds slots of the slot's state; null for the states no index holds. */
  private NavigableSet<Slot> indexOf(TableState state) {
    return switch (state) {
      case SCHEDULED -> scheduled;
      case PENDING -> pending;
      case TIERING -> tiering;
      default -> null;
    };
  }

  /** Puts the slot in the index of its state; called after the slot's state, due time or heartbeat changed. */
  private void index(Slot slot) {
    NavigableSet<Slot> index = indexOf(slot.state);
    if (index != null) {
      index.add(slot);
    }
  }

  /** Takes the slot out of the index of its state; called before its state, due time or heartbeat changes. */
  private void unindex(Slot slot) {
    NavigableSet<Slot> index = indexOf(slot.state);
    if (index != null) {
      index.remove(slot);
    }
  }

  Optional<TableSlot> get(String table) {
    return Optional.ofNullable(slots.get(table)).map(Slot::view);
  }

  Set<String> tables() {
    return Set.copyOf(slots.keySet());
  }
}
