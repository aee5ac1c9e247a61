package io.mink.spark;

import io.mink.lake.MinkTableLayout;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.UnionRead;
import io.mink.tables.TableDescriptor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.types.StructType;

/**
 * The union read of one query, planned on the driver: its read point (the lake snapshot pinned, each Kafka
 * partition's tail end fixed) is taken once, when Spark first asks for the input partitions or the description, and
 * every input partition reads at that point: one per Kafka partition, its lake rows then its tail, and an append
 * table's long tail split into offset ranges ({@link TailSplits}). The mode and the
 * point are in the scan's description, which {@code EXPLAIN} prints, and the {@value ScanOptions#AT} option of a
 * later scan repeats the read.
 */
final class MinkScan implements Scan, Batch {
  private final TableDescriptor descriptor;
  private final org.apache.iceberg.Table table;
  private final SparkOptions options;
  private final MinkConnection connection;
  private final StructType read;
  private final ReadRequest request;
  private final Optional<Set<Integer>> pinned;
  private final long tailSplitRecords;
  private final Map<String, String> readOptions;
  private ReadPoint point;

  MinkScan(
      TableDescriptor descriptor,
      org.apache.iceberg.Table table,
      SparkOptions options,
      MinkConnection connection,
      StructType read,
      ReadRequest request,
      Optional<Set<Integer>> pinned,
      long tailSplitRecords,
      Map<String, String> readOptions) {
    this.descriptor = descriptor;
    this.table = table;
    this.options = options;
    this.connection = connection;
    this.read = read;
    this.request = request;
    this.pinned = pinned;
    this.tailSplitRecords = tailSplitRecords;
    this.readOptions = readOptions;
  }

  @Override
  public StructType readSchema() {
    return read;
  }

  @Override
  public String description() {
    return "Mink " + request.mode() + " read of " + descriptor.qualifiedName() + " at "
        + point().token() + ", columns " + Arrays.toString(read.fieldNames()) + ", lake pruned by "
        + request.filter()
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
        tailSplitRecords,
        checkpointLocation);
  }

  @Override
  public InputPartition[] planInputPartitions() {
    List<String> columns = List.of(read.fieldNames());
    return TailSplits.of(
            point(),
            request.mode(),
            MinkTableLayout.isUpsert(descriptor.options()),
            tailSplitRecords)
        .stream()
        .filter(split -> pinned.map(set -> set.contains(split.partition())).orElse(true))
        .map(split -> new MinkInputPartition(
            options,
            descriptor.namespace(),
            descriptor.name(),
            split.mode(),
            split.partition(),
            split.point().token(),
            columns,
            request.filter()))
        .toArray(InputPartition[]::new);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new MinkReaderFactory();
  }

  /**
   * The query's read point, taken on first use: the current snapshot and each partition's last stable offset, or the
   * point the {@value ScanOptions#AT} option names.
   */
  synchronized ReadPoint point() {
    if (point == null) {
      try (KafkaConsumer<byte[], byte[]> consumer = connection.consumer()) {
        point = new UnionRead(
                table,
                descriptor,
                consumer,
                connection.topicIds(),
                connection.decoder(),
                ReadProgress.NONE)
            .point(request);
      }
    }
    return point;
  }
}
