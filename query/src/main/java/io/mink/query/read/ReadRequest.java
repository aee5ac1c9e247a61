package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;

/**
 * What to read of a table.
 *
 * @param columns the columns to return, in this order; empty for every column of the read schema
 * @param filter the rows to return: pushed to Iceberg for files and row groups and evaluated on every row
 * @param partitions the Kafka partitions to read; empty for all
 * @param limit at most this many rows; empty for all
 * @param snapshotId the lake snapshot to read instead of the current one
 * @param at a point an earlier read printed, to read exactly that again; it names the snapshot and the offsets
 * @param batchSize rows per batch from the lake
 * @param filtersEveryRow whether the filter is also evaluated on every row; false when the caller applies it itself
 *     (the SQL engine does), and it only skips lake files and row groups
 */
public record ReadRequest(
    ReadMode mode,
    List<String> columns,
    Expression filter,
    Set<Integer> partitions,
    OptionalLong limit,
    OptionalLong snapshotId,
    Optional<ReadPoint> at,
    int batchSize,
    boolean filtersEveryRow) {
  public static final int DEFAULT_BATCH_SIZE = 8192;

  public ReadRequest {
    requireNonNull(mode, "mode is null");
    columns = List.copyOf(columns);
    requireNonNull(filter, "filter is null");
    partitions = Set.copyOf(partitions);
    requireNonNull(limit, "limit is null");
    requireNonNull(snapshotId, "snapshotId is null");
    requireNonNull(at, "at is null");
    if (limit.isPresent() && limit.getAsLong() < 0) {
      throw new IllegalArgumentException("limit must not be negative, not " + limit.getAsLong());
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize must be at least 1, not " + batchSize);
    }
  }

  /** Every row and column of the mode. */
  public static ReadRequest of(ReadMode mode) {
    return new ReadRequest(
        mode,
        List.of(),
        Expressions.alwaysTrue(),
        Set.of(),
        OptionalLong.empty(),
        OptionalLong.empty(),
        Optional.empty(),
        DEFAULT_BATCH_SIZE,
        true);
  }

  public ReadRequest withColumns(List<String> value) {
    return new ReadRequest(
        mode, value, filter, partitions, limit, snapshotId, at, batchSize, filtersEveryRow);
  }

  public ReadRequest withFilter(Expression value) {
    return new ReadRequest(
        mode, columns, value, partitions, limit, snapshotId, at, batchSize, filtersEveryRow);
  }

  public ReadRequest withPartitions(Set<Integer> value) {
    return new ReadRequest(
        mode, columns, filter, value, limit, snapshotId, at, batchSize, filtersEveryRow);
  }

  public ReadRequest withLimit(long value) {
    return new ReadRequest(
        mode,
        columns,
        filter,
        partitions,
        OptionalLong.of(value),
        snapshotId,
        at,
        batchSize,
        filtersEveryRow);
  }

  public ReadRequest withSnapshot(long value) {
    return new ReadRequest(
        mode,
        columns,
        filter,
        partitions,
        limit,
        OptionalLong.of(value),
        at,
        batchSize,
        filtersEveryRow);
  }

  public ReadRequest at(ReadPoint value) {
    return new ReadRequest(
        mode,
        columns,
        filter,
        partitions,
        limit,
        snapshotId,
        Optional.of(value),
        batchSize,
        filtersEveryRow);
  }

  public ReadRequest withBatchSize(int value) {
    return new ReadRequest(
        mode, columns, filter, partitions, limit, snapshotId, at, value, filtersEveryRow);
  }

  /** The request with its filter only skipping lake files and row groups, not evaluated on rows. */
  public ReadRequest pruningOnly() {
    return new ReadRequest(
        mode, columns, filter, partitions, limit, snapshotId, at, batchSize, false);
  }

  public boolean filters() {
    return filter.op() != Expression.Operation.TRUE;
  }
}
