package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.query.read.ReadMode;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.List;
import org.apache.iceberg.expressions.Expression;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.types.StructType;

/**
 * One input partition of a query's read, sent to an executor ({@link ScanSplits}): a group of a Kafka partition's
 * lake files at the query's pinned snapshot, one offset range of its tail, or, for an upsert table, the whole
 * partition.
 *
 * @param descriptor the table as the driver loaded it, so that the task need not read the tables topic
 * @param point the query's read point narrowed to this partition's range, as a token ({@link
 *     io.mink.query.read.ReadPoint#token()})
 * @param output the columns Spark takes from this partition, in the scan's order
 * @param columns the columns of {@code output} the read point's schema has; the others are null in every row
 * @param filter what skips the lake's files and row groups and the rows, lake and tail, it cannot match; Spark
 *     evaluates its own filters on the rows all the same
 * @param limit at most this many rows; {@link Long#MAX_VALUE} for all
 * @param schema the read point's schema, settled on the driver
 * @param registryWait how long the task waits out an unavailable schema registry before it fails
 * @param files the lake files to read, in order; null when the read plans the partition's files itself
 */
record MinkInputPartition(
    SparkOptions options,
    TableDescriptor descriptor,
    ReadMode mode,
    int partition,
    String point,
    StructType output,
    List<String> columns,
    Expression filter,
    long limit,
    SettledSchema schema,
    Duration registryWait,
    List<ScanFile> files)
    implements InputPartition {
  private static final long serialVersionUID = 1L;

  MinkInputPartition {
    requireNonNull(options, "options is null");
    requireNonNull(descriptor, "descriptor is null");
    requireNonNull(mode, "mode is null");
    requireNonNull(point, "point is null");
    requireNonNull(output, "output is null");
    columns = List.copyOf(columns);
    requireNonNull(filter, "filter is null");
    requireNonNull(schema, "schema is null");
    requireNonNull(registryWait, "registryWait is null");
    files = files == null ? null : List.copyOf(files);
  }
}
