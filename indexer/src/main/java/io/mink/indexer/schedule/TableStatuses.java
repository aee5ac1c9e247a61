package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.round.DataLossException;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.stats.PartitionLag;
import io.mink.indexer.stats.RegistryWait;
import io.mink.indexer.stats.RoundSummary;
import io.mink.indexer.stats.StatusBoard;
import io.mink.indexer.stats.TableState;
import io.mink.indexer.stats.TableStatus;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The figures of each table this instance owns, put on the {@link StatusBoard} as a fresh
 * {@link TableStatus} at every transition and heartbeat. Not thread-safe: the service calls it under its lock.
 */
final class TableStatuses {
  private static final Logger LOG = LoggerFactory.getLogger(OwnedTables.class);

  private final StatusBoard board;
  private final String owner;
  private final Map<String, Figures> figures = new HashMap<>();

  private static final class Figures {
    private final String topic;
    private Instant lastTiered;
    private List<PartitionLag> partitions = List.of();
    private RoundSummary lastRound;
    private String error;
    private List<TableStatus.Gap> gaps = List.of();
    private RegistryWait registryWait;

    Figures(String topic, Instant lastTiered) {
      this.topic = topic;
      this.lastTiered = lastTiered;
    }
  }

  TableStatuses(StatusBoard board, String owner) {
    this.board = requireNonNull(board, "board is null");
    this.owner = requireNonNull(owner, "owner is null");
  }

  /** Starts keeping a table this instance now owns; {@code lastTiered} is its newest Mink snapshot's time, or null. */
  void track(String table, String topic, Instant lastTiered) {
    figures.put(table, new Figures(topic, lastTiered));
  }

  /** A round ended without error; {@code partitions} is null when the lag could not be measured. */
  void roundEnded(String table, RoundResult result, List<PartitionLag> partitions, Instant now) {
    Figures entry = figures.get(table);
    if (entry == null) {
      return;
    }
    if (result.committed()) {
      entry.lastTiered = now;
    }
    if (partitions != null) {
      entry.partitions = List.copyOf(partitions);
    }
    entry.lastRound = new RoundSummary(
        now,
        result.committed(),
        result.records(),
        result.rows(),
        result.bytes(),
        result.files(),
        result.duration(),
        result.forceFinished(),
        result.rawParts());
    entry.error = null;
    entry.gaps = List.of();
  }

  void roundFailed(String table, RuntimeException failure, String error) {
    Figures entry = figures.get(table);
    if (entry == null) {
      return;
    }
    entry.error = error;
    entry.registryWait = null;
    entry.gaps = failure instanceof DataLossException loss
        ? loss.gaps().stream()
            .map(gap -> new TableStatus.Gap(gap.partition(), gap.from(), gap.to()))
            .toList()
        : List.of();
  }

  /** Puts the table's status after {@code transition} on the board, or takes it off when this instance let go. */
  void publish(Transition transition, TieringSchedule.TableSlot slot) {
    LOG.debug(
        "{}: {} -> {} under epoch {} ({})",
        transition.table(),
        transition.from(),
        transition.to(),
        transition.epoch(),
        transition.reason());
    if (transition.to() == null || slot == null) {
      figures.remove(transition.table());
      board.remove(transition.table());
      return;
    }
    put(slot, transition.to(), transition.at());
  }

  /**
   * The state a status shows: a table waiting for its next round after one shows how that round
   * ended, TIERED or FAILED (docs/scheduling.md, States); SCHEDULED before its first round.
   */
  private static TableState shown(TableState state, Figures table) {
    if (state != TableState.SCHEDULED) {
      return state;
    }
    if (table.error != null) {
      return TableState.FAILED;
    }
    return table.lastRound == null ? TableState.SCHEDULED : TableState.TIERED;
  }

  /**
   * The table's rounds wait for its schema registry ({@code wait}), or no longer (null) once it answers. A round that
   * gives up waiting at its freshness deadline leaves the wait in place, with its first since, for the next round
   * starts at the record that waited: a registry that keeps refusing Mink's credentials shows between rounds too.
   */
  void registryWait(String table, RegistryWait wait) {
    Figures entry = figures.get(table);
    if (entry == null) {
      return;
    }
    entry.registryWait = wait == null || entry.registryWait == null
        ? wait
        : new RegistryWait(entry.registryWait.since(), wait.reason());
  }

  /** Refreshes the table's status as it is now, such as at a heartbeat. */
  void touch(TieringSchedule.TableSlot slot, Instant now) {
    put(slot, slot.state(), now);
  }

  private void put(TieringSchedule.TableSlot slot, TableState state, Instant now) {
    Figures table = figures.get(slot.table());
    if (table == null) {
      return;
    }
    board.put(new TableStatus(
        slot.table(),
        table.topic,
        shown(state, table),
        owner,
        slot.epoch(),
        table.lastTiered,
        state == TableState.TIERING ? null : slot.nextDue(),
        table.partitions,
        table.lastRound,
        table.error,
        table.gaps,
        now,
        table.registryWait,
        slot.freshness()));
  }
}
