package io.mink.spark;

import io.mink.indexer.errors.MinkException;
import io.mink.lake.MinkTableLayout;
import io.mink.query.read.LakeFiles;
import io.mink.query.read.ReadRequest;
import io.mink.tables.TableDescriptor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The union read of one query, planned on the driver: its read point (the lake snapshot pinned, each Kafka
 * partition's tail end fixed) and the schema a read at that point returns are settled once, when Spark first asks for
 * the input partitions or the description, and every input partition reads at that point in that schema
 * ({@link ScanSplits}: an append table's lake files in groups and its tail in offset ranges, an upsert table's
 * partitions whole). The mode and the point are in the scan's description, which {@code EXPLAIN} prints, and the
 * {@value ScanOptions#AT} option of a later scan repeats the read.
 */
final class MinkScan implements Scan, Batch {
  private final TableDescriptor descriptor;
  private final org.apache.iceberg.Table table;
  private final SparkOptions options;
  private final MinkConnection connection;
  private final StructType read;
  private final ReadRequest request;
  private final Optional<Set<Integer>> pinned;
  private final ScanOptions.Tuning tuning;
  private final Map<String, String> readOptions;
  private MinkConnection.Settled settled;

  MinkScan(
      TableDescriptor descriptor,
      org.apache.iceberg.Table table,
      SparkOptions options,
      MinkConnection connection,
      StructType read,
      ReadRequest request,
      Optional<Set<Integer>> pinned,
      ScanOptions.Tuning tuning,
      Map<String, String> readOptions) {
    this.descriptor = descriptor;
    this.table = table;
    this.options = options;
    this.connection = connection;
    this.read = read;
    this.request = request;
    this.pinned = pinned;
    this.tuning = tuning;
    this.readOptions = readOptions;
  }

  @Override
  public StructType readSchema() {
    return read;
  }

  @Override
  public String description() {
    return "Mink " + request.mode() + " read of " + descriptor.qualifiedName() + " at "
        + settled().point().token() + ", columns " + Arrays.toString(read.fieldNames())
        + ", filter " + request.filter() + " (lake files, row groups and rows)"
        + (request.limit().isPresent()
            ? ", limit " + request.limit().getAsLong() + " per input partition"
            : "")
        + pinned.map(set -> ", Kafka partitions " + set).orElse("");
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  /** The table as a stream, with the stream's read options ({@link StreamOptions}); every column is read. */
  @Override
  public MicroBatchStream toMicroBatchStream(String checkpointLocation) {
    return new MinkMicroBatchStream(
        descriptor,
        table,
        options,
        connection,
        read,
        StreamOptions.of(readOptions),
        tuning,
        checkpointLocation);
  }

  @Override
  public InputPartition[] planInputPartitions() {
    MinkConnection.Settled point = settled();
    List<String> columns = columnsAtPoint(point.schema());
    LakeFiles files = request.mode().readsLake() && point.point().snapshotId().isPresent()
        ? LakeFiles.plan(
            table,
            point.point().snapshotId().getAsLong(),
            request.filter(),
            pinned.orElse(Set.of()))
        : LakeFiles.none();
    return ScanSplits.of(
            point.point(),
            request.mode(),
            MinkTableLayout.isUpsert(descriptor.options()),
            tuning.tailRecords(),
            tuning.lakeBytes(),
            files::of)
        .stream()
        .filter(split -> pinned.map(set -> set.contains(split.partition())).orElse(true))
        .map(split -> new MinkInputPartition(
            options,
            descriptor,
            split.mode(),
            split.partition(),
            split.point().token(),
            read,
            columns,
            request.filter(),
            request.limit().orElse(Long.MAX_VALUE),
            point.schema(),
            tuning.registryWait(),
            split.files() == null
                ? null
                : split.files().stream().map(ScanFile::of).toList()))
        .toArray(InputPartition[]::new);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new MinkReaderFactory();
  }

  /**
   * The query's read point and its schema, settled on first use: the current snapshot and each partition's last
   * stable offset, or the point the {@value ScanOptions#AT} option names.
   */
  synchronized MinkConnection.Settled settled() {
    if (settled == null) {
      settled = connection.settle(
          new MinkConnection.Loaded(descriptor, table), request, tuning.registryWait());
    }
    return settled;
  }

  /**
   * The columns of the scan that the read point's schema has; those it lacks (a column added after the point) are
   * null in every row. A column whose type differs from the one the query was analysed with is refused.
   */
  private List<String> columnsAtPoint(SettledSchema schema) {
    return Arrays.stream(read.fields())
        .filter(field -> {
          Types.NestedField column = schema.schema().findField(field.name());
          if (column == null) {
            return false;
          }
          DataType type = SparkTypes.type(column.type(), field.name(), descriptor.qualifiedName());
          if (!type.equals(field.dataType())) {
            throw typeChanged(field, type);
          }
          return true;
        })
        .map(StructField::name)
        .toList();
  }

  private MinkException typeChanged(StructField field, DataType type) {
    return MinkException.conflict("Column " + field.name() + " of " + descriptor.qualifiedName()
        + " is " + type.simpleString() + " at this read point, but the query was analysed with "
        + field.dataType().simpleString()
        + " (a newer schema version changed its type): run the query again");
  }
}
