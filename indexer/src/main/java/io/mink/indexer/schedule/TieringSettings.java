package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.config.IndexerSettings;
import io.mink.indexer.config.WriterMemorySettings;
import io.mink.indexer.round.WriterBudget;
import java.time.Duration;

/**
 * How the tiering service runs.
 *
 * @param workers how many rounds, of different tables, run at once
 * @param writerThreads the writer lanes every worker shares: the threads that encode Parquet
 * @param pollInterval how often the table list and ownership are refreshed and idle workers look for work
 * @param heartbeatTimeout how long a round may be silent before its table goes back to Pending under a new
 *     epoch; rounds heartbeat every third of it
 * @param sessionTimeout how long Kafka waits for a silent instance before its tables move to the others
 * @param groupId the consumer group of the lag view; the ownership group is {@code groupId + ".owners"}
 * @param ownersTopic the topic whose partitions the instances share, and with them the tables
 * @param writerBudget how many Parquet files the instance keeps open and how much each buffers
 * @param keyIndexMemoryBytes the most the upsert tables' key indexes hold together
 */
public record TieringSettings(
    int workers,
    int writerThreads,
    long targetFileSizeBytes,
    Duration pollInterval,
    Duration heartbeatTimeout,
    Duration sessionTimeout,
    String groupId,
    String ownersTopic,
    WriterBudget writerBudget,
    long keyIndexMemoryBytes) {
  public TieringSettings {
    requireNonNull(writerBudget, "writerBudget is null");
    if (writerBudget.workers() != workers) {
      throw new IllegalArgumentException(
          "The writer budget is shared by " + writerBudget.workers() + " workers, not " + workers);
    }
    requireNonNull(pollInterval, "pollInterval is null");
    requireNonNull(heartbeatTimeout, "heartbeatTimeout is null");
    requireNonNull(sessionTimeout, "sessionTimeout is null");
    requireNonNull(groupId, "groupId is null");
    requireNonNull(ownersTopic, "ownersTopic is null");
    if (workers < 1 || writerThreads < 1) {
      throw new IllegalArgumentException(
          "Need at least one worker and one writer thread: " + workers + ", " + writerThreads);
    }
    if (targetFileSizeBytes <= 0) {
      throw new IllegalArgumentException(
          "targetFileSizeBytes must be greater than zero: " + targetFileSizeBytes);
    }
    for (Duration duration : new Duration[] {pollInterval, heartbeatTimeout, sessionTimeout}) {
      if (duration.isZero() || duration.isNegative()) {
        throw new IllegalArgumentException("Durations must be greater than zero: " + duration);
      }
    }
  }

  /** Settings whose key indexes may hold a quarter of the heap. */
  public TieringSettings(
      int workers,
      int writerThreads,
      long targetFileSizeBytes,
      Duration pollInterval,
      Duration heartbeatTimeout,
      Duration sessionTimeout,
      String groupId,
      String ownersTopic,
      WriterBudget writerBudget) {
    this(
        workers,
        writerThreads,
        targetFileSizeBytes,
        pollInterval,
        heartbeatTimeout,
        sessionTimeout,
        groupId,
        ownersTopic,
        writerBudget,
        WriterMemorySettings.defaultKeyIndexMemoryBytes());
  }

  /** Settings with the default writer budget: a quarter of the heap for 64 open files. */
  public TieringSettings(
      int workers,
      int writerThreads,
      long targetFileSizeBytes,
      Duration pollInterval,
      Duration heartbeatTimeout,
      Duration sessionTimeout,
      String groupId,
      String ownersTopic) {
    this(
        workers,
        writerThreads,
        targetFileSizeBytes,
        pollInterval,
        heartbeatTimeout,
        sessionTimeout,
        groupId,
        ownersTopic,
        WriterBudget.defaults(workers));
  }

  public static TieringSettings of(IndexerSettings indexer) {
    return of(indexer, WriterBudget.defaults(indexer.workers()));
  }

  /** The settings of the [indexer] section, with its writer_memory and max_open_files. */
  public static TieringSettings of(IndexerSettings indexer, WriterMemorySettings writerMemory) {
    return of(
        indexer,
        new WriterBudget(
            writerMemory.writerMemoryBytes(),
            writerMemory.maxOpenFiles(),
            indexer.workers(),
            writerMemory.encoder()),
        writerMemory.keyIndexMemoryBytes());
  }

  private static TieringSettings of(IndexerSettings indexer, WriterBudget budget) {
    return of(indexer, budget, WriterMemorySettings.defaultKeyIndexMemoryBytes());
  }

  private static TieringSettings of(
      IndexerSettings indexer, WriterBudget budget, long keyIndexMemoryBytes) {
    return new TieringSettings(
        indexer.workers(),
        indexer.writerThreads(),
        indexer.targetFileSizeBytes(),
        indexer.pollInterval(),
        indexer.heartbeatTimeout(),
        indexer.sessionTimeout(),
        indexer.groupId(),
        indexer.ownersTopic(),
        budget,
        keyIndexMemoryBytes);
  }

  /** How often a running round heartbeats: a third of the timeout, so one lost beat is no timeout. */
  public Duration heartbeatInterval() {
    return heartbeatTimeout.dividedBy(3);
  }

  /** The consumer group whose members share the tables; apart from the lag group, which must stay memberless. */
  public String ownersGroupId() {
    return groupId + ".owners";
  }

  public TieringSettings withWorkers(int count) {
    return new TieringSettings(
        count,
        writerThreads,
        targetFileSizeBytes,
        pollInterval,
        heartbeatTimeout,
        sessionTimeout,
        groupId,
        ownersTopic,
        new WriterBudget(
            writerBudget.writerMemoryBytes(),
            Math.max(count, writerBudget.maxOpenFiles()),
            count,
            writerBudget.encoder()),
        keyIndexMemoryBytes);
  }

  public TieringSettings withTimeouts(Duration heartbeat, Duration session) {
    return new TieringSettings(
        workers,
        writerThreads,
        targetFileSizeBytes,
        pollInterval,
        heartbeat,
        session,
        groupId,
        ownersTopic,
        writerBudget,
        keyIndexMemoryBytes);
  }
}
