package io.mink.indexer.config;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * The [indexer] section: how the sidecar runs and what new tables start with.
 *
 * @param namespace the Iceberg namespace of new tables whose name has none
 * @param freshness how far behind its topic a new table may fall
 * @param pollInterval how often the table list is re-read and due tables are looked for
 * @param targetFileSizeBytes the size at which a Parquet file is closed
 * @param writerThreads how many threads write Parquet files
 * @param tablesTopic the compacted topic holding the added tables
 * @param groupId the consumer group whose committed offsets show indexing progress
 * @param workers how many rounds, each of a different table, run at once
 * @param heartbeatTimeout how long a running round may go without a heartbeat before its table is taken back
 * @param sessionTimeout how long Kafka waits for a silent instance before its tables move to the others
 * @param ownersTopic the topic whose partitions the instances share, and with them the tables
 */
public record IndexerSettings(
    String namespace,
    Duration freshness,
    Duration pollInterval,
    long targetFileSizeBytes,
    int writerThreads,
    String tablesTopic,
    String groupId,
    int workers,
    Duration heartbeatTimeout,
    Duration sessionTimeout,
    String ownersTopic) {

  public IndexerSettings {
    requireNonNull(namespace, "namespace is null");
    requireNonNull(freshness, "freshness is null");
    requireNonNull(pollInterval, "pollInterval is null");
    requireNonNull(tablesTopic, "tablesTopic is null");
    requireNonNull(groupId, "groupId is null");
    requireNonNull(heartbeatTimeout, "heartbeatTimeout is null");
    requireNonNull(sessionTimeout, "sessionTimeout is null");
    requireNonNull(ownersTopic, "ownersTopic is null");
    requirePositive(freshness, "freshness");
    requirePositive(pollInterval, "pollInterval");
    requirePositive(heartbeatTimeout, "heartbeatTimeout");
    requirePositive(sessionTimeout, "sessionTimeout");
    if (targetFileSizeBytes <= 0) {
      throw new IllegalArgumentException(
          "targetFileSizeBytes must be greater than zero: " + targetFileSizeBytes);
    }
    if (writerThreads < 1) {
      throw new IllegalArgumentException("writerThreads must be at least 1: " + writerThreads);
    }
    if (workers < 1) {
      throw new IllegalArgumentException("workers must be at least 1: " + workers);
    }
  }

  /** The settings with the scheduling and ownership keys at their defaults. */
  public IndexerSettings(
      String namespace,
      Duration freshness,
      Duration pollInterval,
      long targetFileSizeBytes,
      int writerThreads,
      String tablesTopic,
      String groupId) {
    this(
        namespace,
        freshness,
        pollInterval,
        targetFileSizeBytes,
        writerThreads,
        tablesTopic,
        groupId,
        Integer.parseInt(defaultOf(ConfigKey.WORKERS)),
        Durations.parse(defaultOf(ConfigKey.HEARTBEAT_TIMEOUT)),
        Durations.parse(defaultOf(ConfigKey.SESSION_TIMEOUT)),
        defaultOf(ConfigKey.OWNERS_TOPIC));
  }

  /** The settings of a config with no [indexer] section, from the defaults in {@link ConfigKey}. */
  public static IndexerSettings defaults() {
    return new IndexerSettings(
        defaultOf(ConfigKey.NAMESPACE),
        Durations.parse(defaultOf(ConfigKey.FRESHNESS)),
        Durations.parse(defaultOf(ConfigKey.POLL_INTERVAL)),
        DataSizes.parse(defaultOf(ConfigKey.TARGET_FILE_SIZE)),
        Integer.parseInt(defaultOf(ConfigKey.WRITER_THREADS)),
        defaultOf(ConfigKey.TABLES_TOPIC),
        defaultOf(ConfigKey.GROUP_ID),
        Integer.parseInt(defaultOf(ConfigKey.WORKERS)),
        Durations.parse(defaultOf(ConfigKey.HEARTBEAT_TIMEOUT)),
        Durations.parse(defaultOf(ConfigKey.SESSION_TIMEOUT)),
        defaultOf(ConfigKey.OWNERS_TOPIC));
  }

  private static String defaultOf(ConfigKey key) {
    return key.defaultValue()
        .orElseThrow(() -> new IllegalStateException(key.qualifiedName() + " has no default"));
  }

  private static void requirePositive(Duration duration, String name) {
    if (duration.isZero() || duration.isNegative()) {
      throw new IllegalArgumentException(name + " must be greater than zero: " + duration);
    }
  }
}
