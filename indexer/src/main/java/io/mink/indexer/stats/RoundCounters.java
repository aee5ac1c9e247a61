package io.mink.indexer.stats;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Counts, per table and since this instance started, the rounds committed and failed, the rows and bytes they wrote
 * and the parts left raw, from the changes of the {@link StatusBoard}: a round ended when a status brings a new last
 * round, and failed when the table enters FAILED. A table's counts stay when it moves to another instance, so they
 * never go down.
 */
public final class RoundCounters implements StatusBoard.Listener {
  /**
   * A table's counts.
   *
   * @param records the Kafka records the rounds indexed
   * @param rawParts parts left raw by part and reason, such as value.undecodable-bytes
   */
  public record Counts(
      long committed,
      long failed,
      long records,
      long rows,
      long bytes,
      Map<String, Long> rawParts) {
    public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, Map.of());

    public Counts {
      rawParts = Map.copyOf(rawParts);
    }

    Counts plus(RoundSummary round) {
      Map<String, Long> raw = new TreeMap<>(rawParts);
      round.rawParts().forEach((part, count) -> raw.merge(part, count, Long::sum));
      return new Counts(
          committed + (round.committed() ? 1 : 0),
          failed,
          records + round.records(),
          rows + round.rows(),
          bytes + round.bytes(),
          raw);
    }

    Counts plusFailure() {
      return new Counts(committed, failed + 1, records, rows, bytes, rawParts);
    }
  }

  private final Map<String, Counts> counts = new TreeMap<>();

  @Override
  public synchronized void changed(TableStatus before, TableStatus after) {
    if (after == null) {
      return;
    }
    RoundSummary round = after.lastRound();
    if (round != null && (before == null || !Objects.equals(round, before.lastRound()))) {
      counts.merge(after.table(), Counts.ZERO.plus(round), (old, added) -> old.plus(round));
    }
    if (after.state() == TableState.FAILED
        && (before == null || before.state() != TableState.FAILED)) {
      counts.merge(after.table(), Counts.ZERO.plusFailure(), (old, added) -> old.plusFailure());
    }
  }

  /** The counts of every table that ended a round here, by table name. */
  public synchronized Map<String, Counts> snapshot() {
    return Collections.unmodifiableSortedMap(new TreeMap<>(counts));
  }
}
