package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.query.read.ReadMode;
import java.util.List;
import org.apache.iceberg.expressions.Expression;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One input partition of a query's read, sent to an executor: a Kafka partition's lake rows at the query's pinned
 * snapshot and its tail up to the offset fixed at plan time, or one offset range of that tail ({@link TailSplits}).
 *
 * @param point the query's read point narrowed to this partition's range, as a token ({@link
 *     io.mink.query.read.ReadPoint#token()})
 * @param pruning what skips the lake's files and row groups; Spark evaluates its own filters on the rows
 * @param columns the columns to read, in the scan's order; empty when the query needs none, only the row count
 */
record MinkInputPartition(
    SparkOptions options,
    String namespace,
    String table,
    ReadMode mode,
    int partition,
    String point,
    List<String> columns,
    Expression pruning)
    implements InputPartition {
  private static final long serialVersionUID = 1L;

  MinkInputPartition {
    requireNonNull(options, "options is null");
    requireNonNull(namespace, "namespace is null");
    requireNonNull(table, "table is null");
    requireNonNull(mode, "mode is null");
    requireNonNull(point, "point is null");
    columns = List.copyOf(columns);
    requireNonNull(pruning, "pruning is null");
  }
}
