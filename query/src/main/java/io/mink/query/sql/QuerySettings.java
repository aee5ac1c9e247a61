package io.mink.query.sql;

import static java.util.Objects.requireNonNull;

import java.util.OptionalLong;

/**
 * The {@code [query]} settings of mink-query (docs/configuration.md, [query]).
 *
 * @param database the namespace unqualified table names resolve in ({@code -d}); the indexer's namespace by default
 * @param batchSize rows per Arrow batch from the lake and through the plan
 * @param targetPartitions the parallelism of the operators above the scans (DuckDB's threads)
 * @param memoryLimitBytes what DuckDB may hold for sorts, joins and aggregates before it spills to disk; empty
 *     leaves DuckDB's own limit (80 % of the machine's memory)
 */
public record QuerySettings(
    String database, int batchSize, int targetPartitions, OptionalLong memoryLimitBytes) {
  public static final int DEFAULT_BATCH_SIZE = 8192;

  public QuerySettings {
    requireNonNull(database, "database is null");
    requireNonNull(memoryLimitBytes, "memoryLimitBytes is null");
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch_size must be at least 1, not " + batchSize);
    }
    if (targetPartitions < 1) {
      throw new IllegalArgumentException(
          "target_partitions must be at least 1, not " + targetPartitions);
    }
  }

  /** The defaults: 8192-row batches, one thread per core, no memory limit of Mink's own. */
  public static QuerySettings defaults(String database) {
    return new QuerySettings(
        database,
        DEFAULT_BATCH_SIZE,
        Runtime.getRuntime().availableProcessors(),
        OptionalLong.empty());
  }
}
