package io.mink.spark;

import io.mink.indexer.round.PartitionBounds;
import io.mink.indexer.round.TopicBounds;
import io.mink.lake.MinkTableLayout;
import io.mink.query.read.LakeFiles;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.TailRange;
import io.mink.query.read.UnionRead;
import io.mink.tables.TableDescriptor;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.iceberg.expressions.Expressions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.streaming.MicroBatchStream;
import org.apache.spark.sql.connector.read.streaming.Offset;
import org.apache.spark.sql.connector.read.streaming.ReadLimit;
import org.apache.spark.sql.connector.read.streaming.ReadMaxRows;
import org.apache.spark.sql.connector.read.streaming.SupportsTriggerAvailableNow;
import org.apache.spark.sql.types.StructType;

/**
 * A Mink table as a stream of micro-batches, planned on the driver. The first micro-batch is the table at the
 * stream's start point, read as a batch scan reads it (the lake snapshot's files, then each partition's tail; {@link
 * ScanSplits}); every later one is, per Kafka partition, the records after the previous micro-batch's end up to the
 * partition's last stable offset, read from Kafka ({@link ReadMode#log} at a point that names that range) and decoded
 * as a round decodes them. Spark's checkpoint holds the start point and the next offset of each partition ({@link
 * MinkStreamOffset}), so a restarted query reads each offset once more only if its sink did not commit it.
 */
final class MinkMicroBatchStream implements MicroBatchStream, SupportsTriggerAvailableNow {
  /**
   * The driver's consumer asks Kafka for the topic's partitions at least every second, so a partition added to the
   * topic is in the next micro-batch but one after it (Kafka's default is every five minutes).
   */
  static final Map<String, Object> CONSUMER_SETTINGS =
      Map.of(ConsumerConfig.METADATA_MAX_AGE_CONFIG, 1000);

  private final TableDescriptor descriptor;
  private final org.apache.iceberg.Table table;
  private final SparkOptions options;
  private final MinkConnection connection;
  private final StructType columns;
  private final StreamOptions stream;
  private final ScanOptions.Tuning tuning;
  private final String checkpointLocation;
  private KafkaConsumer<byte[], byte[]> consumer;
  private Optional<Map<Integer, PartitionBounds>> availableNow = Optional.empty();

  MinkMicroBatchStream(
      TableDescriptor descriptor,
      org.apache.iceberg.Table table,
      SparkOptions options,
      MinkConnection connection,
      StructType columns,
      StreamOptions stream,
      ScanOptions.Tuning tuning,
      String checkpointLocation) {
    this.descriptor = descriptor;
    this.table = table;
    this.options = options;
    this.connection = connection;
    this.columns = columns;
    this.stream = stream;
    this.tuning = tuning;
    this.checkpointLocation = checkpointLocation;
  }

  @Override
  public Offset initialOffset() {
    return new StreamStartFile(
            checkpointLocation, SparkSession.active().sparkContext().hadoopConfiguration())
        .readOrWrite(this::start);
  }

  /** Where a new query starts: the table now, a read point, or after every record Kafka holds now. */
  private MinkStreamOffset start() {
    return switch (stream.start()) {
      case AT -> MinkStreamOffset.before(stream.at().get());
      case NOW -> MinkStreamOffset.before(unionRead().point(ReadRequest.of(ReadMode.union)));
      case LATEST -> {
        ReadPoint log = unionRead().point(ReadRequest.of(ReadMode.log));
        SortedMap<Integer, Long> ends = ends(log);
        yield new MinkStreamOffset(
            ReadPoint.of(
                OptionalLong.empty(),
                ends.entrySet().stream()
                    .map(end -> new TailRange(end.getKey(), end.getValue(), end.getValue()))
                    .toList()),
            Optional.of(ends));
      }
    };
  }

  @Override
  public ReadLimit getDefaultReadLimit() {
    return stream.maxRecordsPerTrigger().isPresent()
        ? ReadLimit.maxRows(stream.maxRecordsPerTrigger().getAsLong())
        : ReadLimit.allAvailable();
  }

  @Override
  public Offset latestOffset(Offset startOffset, ReadLimit limit) {
    MinkStreamOffset start = (MinkStreamOffset) startOffset;
    if (start.next().isEmpty()) {
      return start.withNext(ends(start.start()));
    }
    OptionalLong max =
        limit instanceof ReadMaxRows rows ? OptionalLong.of(rows.maxRows()) : OptionalLong.empty();
    Map<Integer, PartitionBounds> bounds = availableNow.isPresent()
        ? availableNow.get()
        : TopicBounds.read(consumer(), descriptor.topic(), descriptor.qualifiedName());
    return start.withNext(StreamOffsets.end(start.next().get(), bounds, max, descriptor.topic()));
  }

  /**
   * {@code Trigger.AvailableNow}: the query reads up to each partition's last stable offset now, in micro-batches of
   * the limit, and ends there.
   */
  @Override
  public void prepareForTriggerAvailableNow() {
    availableNow =
        Optional.of(TopicBounds.read(consumer(), descriptor.topic(), descriptor.qualifiedName()));
  }

  @Override
  public Offset latestOffset() {
    throw new UnsupportedOperationException(
        "A Mink stream's latest offset depends on where it starts: Spark calls latestOffset(start, limit)");
  }

  /**
   * The micro-batch's input partitions, in the read schema settled on the driver for its range: a schema that is not
   * the stream's stops the query here, before any task runs ({@link StreamSchemaCheck}).
   */
  @Override
  public InputPartition[] planInputPartitions(Offset startOffset, Offset endOffset) {
    MinkStreamOffset start = (MinkStreamOffset) startOffset;
    MinkStreamOffset end = (MinkStreamOffset) endOffset;
    boolean first = start.next().isEmpty();
    ReadMode mode = first ? ReadMode.union : ReadMode.log;
    ReadPoint point = first
        ? start.start()
        : ReadPoint.of(
            OptionalLong.empty(),
            StreamOffsets.ranges(start.next().get(), end.next().orElseThrow()));
    MinkConnection.Settled settled = connection.settle(
        new MinkConnection.Loaded(descriptor, table),
        ReadRequest.of(mode).at(point),
        tuning.registryWait());
    StreamSchemaCheck check = new StreamSchemaCheck(descriptor.qualifiedName(), columns);
    check.require(settled.schema().schema());
    LakeFiles files = first && point.snapshotId().isPresent()
        ? LakeFiles.plan(table, point.snapshotId().getAsLong(), Expressions.alwaysTrue(), Set.of())
        : LakeFiles.none();
    List<String> names = List.of(columns.fieldNames());
    return ScanSplits.of(
            point,
            mode,
            MinkTableLayout.isUpsert(descriptor.options()),
            tuning.tailRecords(),
            tuning.lakeBytes(),
            files::of)
        .stream()
        .filter(split -> split.files() != null
            || split.point().tails().values().stream().anyMatch(tail -> !tail.isEmpty()))
        .map(split -> new MinkStreamPartition(
            new MinkInputPartition(
                options,
                descriptor,
                split.mode(),
                split.partition(),
                split.point().token(),
                columns,
                names,
                Expressions.alwaysTrue(),
                Long.MAX_VALUE,
                settled.schema(),
                tuning.registryWait(),
                split.files() == null
                    ? null
                    : split.files().stream().map(ScanFile::of).toList()),
            check))
        .toArray(InputPartition[]::new);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new MinkStreamReaderFactory();
  }

  @Override
  public Offset deserializeOffset(String json) {
    return MinkStreamOffset.parse(json);
  }

  @Override
  public void commit(Offset end) {
    // Kafka's records stay where they are: nothing to release
  }

  @Override
  public synchronized void stop() {
    if (consumer != null) {
      consumer.close();
      consumer = null;
    }
  }

  @Override
  public String toString() {
    return "Mink stream of " + descriptor.qualifiedName();
  }

  private static SortedMap<Integer, Long> ends(ReadPoint point) {
    SortedMap<Integer, Long> ends = new TreeMap<>();
    for (Map.Entry<Integer, TailRange> tail : point.tails().entrySet()) {
      ends.put(tail.getKey(), tail.getValue().to());
    }
    return ends;
  }

  private UnionRead unionRead() {
    return new UnionRead(
        table,
        descriptor,
        consumer(),
        connection.topicIds(),
        connection.decoder(),
        ReadProgress.NONE);
  }

  private synchronized KafkaConsumer<byte[], byte[]> consumer() {
    if (consumer == null) {
      consumer = connection.consumer(CONSUMER_SETTINGS);
    }
    return consumer;
  }
}
