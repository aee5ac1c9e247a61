package io.mink.spark;

import io.mink.query.read.ReadRequest;
import io.mink.tables.TableDescriptor;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Builds the scan of a query: the table's top-level columns the query needs, whole (a struct is read whole even when
 * the query needs part of it).
 */
final class MinkScanBuilder implements SupportsPushDownRequiredColumns {
  private final TableDescriptor descriptor;
  private final org.apache.iceberg.Table table;
  private final SparkOptions options;
  private final MinkConnection connection;
  private final StructType schema;
  private final ReadRequest request;
  private final long tailSplitRecords;
  private StructType read;

  MinkScanBuilder(
      TableDescriptor descriptor,
      org.apache.iceberg.Table table,
      SparkOptions options,
      MinkConnection connection,
      StructType schema,
      ReadRequest request,
      long tailSplitRecords) {
    this.descriptor = descriptor;
    this.table = table;
    this.options = options;
    this.connection = connection;
    this.schema = schema;
    this.read = schema;
    this.request = request;
    this.tailSplitRecords = tailSplitRecords;
  }

  @Override
  public void pruneColumns(StructType required) {
    Set<String> names = Arrays.stream(required.fieldNames()).collect(Collectors.toSet());
    read = new StructType(Arrays.stream(schema.fields())
        .filter(field -> names.contains(field.name()))
        .toArray(StructField[]::new));
  }

  @Override
  public Scan build() {
    return new MinkScan(descriptor, table, options, connection, read, request, tailSplitRecords);
  }
}
