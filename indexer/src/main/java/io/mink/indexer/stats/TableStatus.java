package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A table as its owner sees it: the figures `mink cluster stats` and the metrics show.
 *
 * @param owner the id of the sidecar instance that owns the table
 * @param epoch raised each time a worker takes the table; a round of an older epoch may not commit
 * @param lastTiered when the newest Mink snapshot was committed; null before the first
 * @param nextDue when the table is next due; null while it is tiering or failed on a gap
 * @param lastRound null before the first round of this owner
 * @param error why the last round failed; null when it did not
 * @param gaps offsets Kafka deleted before they were indexed, stopping the table until an operator accepts them
 * @param updatedAt when the owner last refreshed this status
 * @param registryWait the schema registry the running round waits for; null when it waits for none
 * @param freshness the table's freshness: how far behind its topic it may fall; null when not known, as in a status
 *     an older version published
 */
public record TableStatus(
    String table,
    String topic,
    TableState state,
    String owner,
    long epoch,
    Instant lastTiered,
    Instant nextDue,
    List<PartitionLag> partitions,
    RoundSummary lastRound,
    String error,
    List<Gap> gaps,
    Instant updatedAt,
    RegistryWait registryWait,
    Duration freshness) {
  public TableStatus {
    requireNonNull(table, "table is null");
    requireNonNull(topic, "topic is null");
    requireNonNull(state, "state is null");
    requireNonNull(owner, "owner is null");
    requireNonNull(updatedAt, "updatedAt is null");
    partitions = List.copyOf(partitions);
    gaps = List.copyOf(gaps);
  }

  /** A status whose freshness is not known. */
  public TableStatus(
      String table,
      String topic,
      TableState state,
      String owner,
      long epoch,
      Instant lastTiered,
      Instant nextDue,
      List<PartitionLag> partitions,
      RoundSummary lastRound,
      String error,
      List<Gap> gaps,
      Instant updatedAt,
      RegistryWait registryWait) {
    this(
        table,
        topic,
        state,
        owner,
        epoch,
        lastTiered,
        nextDue,
        partitions,
        lastRound,
        error,
        gaps,
        updatedAt,
        registryWait,
        null);
  }

  /**
   * Whether the table is stopped: its last round failed in a way retrying cannot help (a gap, a conflict, a bad
   * setting, a bug), and no round runs until its entry changes ({@code mink table resume}). A FAILED table that
   * will be retried has a next due time.
   */
  public boolean stopped() {
    return state == TableState.FAILED && nextDue == null;
  }

  /** A status whose round waits for no registry. */
  public TableStatus(
      String table,
      String topic,
      TableState state,
      String owner,
      long epoch,
      Instant lastTiered,
      Instant nextDue,
      List<PartitionLag> partitions,
      RoundSummary lastRound,
      String error,
      List<Gap> gaps,
      Instant updatedAt) {
    this(
        table,
        topic,
        state,
        owner,
        epoch,
        lastTiered,
        nextDue,
        partitions,
        lastRound,
        error,
        gaps,
        updatedAt,
        null);
  }

  /** Offsets [from, to) of a partition that Kafka deleted before they were indexed. */
  public record Gap(int partition, long from, long to) {}
}
