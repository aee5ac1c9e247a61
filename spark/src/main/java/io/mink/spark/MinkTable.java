package io.mink.spark;

import static java.util.Objects.requireNonNull;

import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.UnionRead;
import io.mink.tables.TableDescriptor;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.apache.spark.sql.connector.catalog.Column;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * An indexing table as Spark sees it: the columns of a union read of it now, its lake's schema merged with every
 * schema version its tail carries, read by the union read as a batch ({@link MinkScan}) or as a stream ({@link
 * MinkMicroBatchStream}).
 */
final class MinkTable implements SupportsRead {
  private final TableDescriptor descriptor;
  private final org.apache.iceberg.Table table;
  private final SparkOptions options;
  private final MinkConnection connection;
  private final StructType schema;

  MinkTable(
      TableDescriptor descriptor,
      org.apache.iceberg.Table table,
      SparkOptions options,
      MinkConnection connection) {
    this.descriptor = requireNonNull(descriptor, "descriptor is null");
    this.table = requireNonNull(table, "table is null");
    this.options = requireNonNull(options, "options is null");
    this.connection = requireNonNull(connection, "connection is null");
    this.schema = SparkTypes.struct(
        connection
            .settle(
                new MinkConnection.Loaded(descriptor, table),
                ReadRequest.of(ReadMode.union),
                UnionRead.REGISTRY_WAIT)
            .schema()
            .schema(),
        descriptor.qualifiedName());
  }

  @Override
  public String name() {
    return descriptor.qualifiedName();
  }

  @Override
  public Column[] columns() {
    return Arrays.stream(schema.fields())
        .map(field -> Column.create(
            field.name(),
            field.dataType(),
            field.nullable(),
            field.getComment().isDefined() ? field.getComment().get() : null,
            null))
        .toArray(Column[]::new);
  }

  @Override
  public Set<TableCapability> capabilities() {
    return EnumSet.of(TableCapability.BATCH_READ, TableCapability.MICRO_BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap readOptions) {
    return new MinkScanBuilder(
        descriptor,
        table,
        options,
        connection,
        schema,
        ScanOptions.request(readOptions.asCaseSensitiveMap()),
        ScanOptions.tuning(readOptions.asCaseSensitiveMap()),
        readOptions.asCaseSensitiveMap());
  }
}
