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
 */
public record IndexerSettings(
    String namespace,
    Duration freshness,
    Duration pollInterval,
    long targetFileSizeBytes,
    int writerThreads,
    String tablesTopic,
    String groupId) {

  public IndexerSettings {
    requireNonNull(namespace, "namespace is null");
    requireNonNull(freshness, "freshness is null");
    requireNonNull(pollInterval, "pollInterval is null");
    requireNonNull(tablesTopic, "tablesTopic is null");
    requireNonNull(groupId, "groupId is null");
    requirePositive(freshness, "freshness");
    requirePositive(pollInterval, "pollInterval");
    if (targetFileSizeBytes <= 0) {
      throw new IllegalArgumentException("targetFileSizeBytes must be greater than zero: " + targetFileSizeBytes);
    }
    if (writerThreads < 1) {
      throw new IllegalArgumentException("writerThreads must be at least 1: " + writerThreads);
    }
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
        defaultOf(ConfigKey.GROUP_ID));
  }

  private static String defaultOf(ConfigKey key) {
    return key.defaultValue().orElseThrow(() -> new IllegalStateException(key.qualifiedName() + " has no default"));
  }

  private static void requirePositive(Duration duration, String name) {
    if (duration.isZero() || duration.isNegative()) {
      throw new IllegalArgumentException(name + " must be greater than zero: " + duration);
    }
  }
}
