package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.PartitionBounds;
import io.mink.indexer.round.RowBuilder;
import io.mink.indexer.round.TopicBounds;
import io.mink.lake.MinkTableLayout;
import io.mink.query.read.SnapshotPin.Pinned;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.table.TableSchema;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.expressions.Expression;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * Reads a Mink table as it is now (docs/querying.md, Fresh reads): per Kafka partition, the rows of a lake snapshot pinned once
 * for the whole read, then the Kafka tail from the snapshot's offset (its seam) to the last stable offset at plan
 * time, decoded as a round decodes it. Nothing is read twice and nothing is skipped; a range neither holds is
 * reported as a gap. The read schema is the snapshot's schema merged with every schema version the tail meets. The
 * union read of an upsert table merges each partition by key ({@link KeyMerge}): the tail's last change per key
 * replaces the lake's row of that key, and only then is the filter applied.
 */
public final class UnionRead {
  /** How long a read waits out an unavailable schema registry before it stops with an error. */
  public static final Duration REGISTRY_WAIT = Duration.ofMinutes(2);

  /**
   * How many bytes of tail batches a read holds while it settles its schema; the tails of partitions past it are
   * read from Kafka a second time as their rows are taken.
   */
  public static final long TAIL_MEMORY_BYTES = 256L << 20;

  /**
   * The settings of a read's consumer over the client factory's: a fetch at the end of a partition's log answers
   * after 50 ms instead of Kafka's 500, as the partitions of a read are fetched one after the other.
   */
  public static final Map<String, Object> CONSUMER_SETTINGS =
      Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 5);

  private final Table table;
  private final TableDescriptor descriptor;
  private final Consumer<byte[], byte[]> consumer;
  private final TopicIds topicIds;
  private final PartDecoder decoder;
  private final ReadProgress progress;
  private final long tailMemoryBytes;
  private Duration registryWait = REGISTRY_WAIT;
  private PlannedPoint planned;

  /**
   * @param consumer an assign-and-seek consumer with no group, read_committed, such as {@code
   *     clients.rawConsumer("read", UnionRead.CONSUMER_SETTINGS)}; the read uses it on the calling thread
   * @param topicIds what Kafka says of the table's topic now, such as {@code TopicIds.of(clients.admin())}: a read
   *     with a tail refuses a topic that is gone or has another id than the table was added with
   * @param decoder decodes keys and values through the schema registry; empty when none is configured, and every
   *     part of the tail keeps its raw bytes, as in a round
   */
  public UnionRead(
      Table table,
      TableDescriptor descriptor,
      Consumer<byte[], byte[]> consumer,
      TopicIds topicIds,
      Optional<PartDecoder> decoder,
      ReadProgress progress) {
    this(table, descriptor, consumer, topicIds, decoder, progress, TAIL_MEMORY_BYTES);
  }

  /** A read that holds at most {@code tailMemoryBytes} of tail batches. */
  public UnionRead(
      Table table,
      TableDescriptor descriptor,
      Consumer<byte[], byte[]> consumer,
      TopicIds topicIds,
      Optional<PartDecoder> decoder,
      ReadProgress progress,
      long tailMemoryBytes) {
    this.tailMemoryBytes = tailMemoryBytes;
    this.table = requireNonNull(table, "table is null");
    this.descriptor = requireNonNull(descriptor, "descriptor is null");
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.topicIds = requireNonNull(topicIds, "topicIds is null");
    this.decoder = decoder.orElse(null);
    this.progress = requireNonNull(progress, "progress is null");
  }

  /**
   * How long this read waits out an unavailable schema registry before it stops with an error; {@link
   * #REGISTRY_WAIT} unless set.
   */
  public UnionRead waitingForRegistry(Duration wait) {
    if (wait.isNegative()) {
      throw new IllegalArgumentException("wait must not be negative, not " + wait);
    }
    this.registryWait = wait;
    return this;
  }

  /**
   * Reads of requests at the planned point take the bounds it was planned with instead of asking Kafka again, and
   * skip the check of the topic's id made when it was planned; reads of any other request ask Kafka as usual. For
   * reads of parts of one point planned a moment before, as the splits of one SQL statement are.
   */
  public UnionRead reading(PlannedPoint point) {
    this.planned = requireNonNull(point, "point is null");
    return this;
  }

  /** Plans the read and reads the tail; the lake is read as the result's batches are taken. */
  public ReadResult read(ReadRequest request) {
    return read(request, (LakeFiles) null);
  }

  /** Like {@link #read(ReadRequest)}, with the files of the snapshot it reads planned already (null: plan them). */
  public ReadResult read(ReadRequest request, LakeFiles planned) {
    return read(request, planned, null);
  }

  /**
   * Like {@link #read(ReadRequest)}, with the tail decoded from a read schema settled beforehand ({@link
   * #readSchema}) instead of the snapshot's: reads of parts of one point, each given the point's settled schema,
   * return the same columns.
   */
  public ReadResult read(ReadRequest request, TableSchema settled) {
    return read(request, null, requireNonNull(settled, "settled is null"));
  }

  /**
   * The read of the request, with the files of the snapshot it reads planned already (null: plan them) and a read
   * schema settled beforehand (null: the snapshot's, merged with the tail's as it is read). A read of the lake alone
   * given a settled schema returns its columns: those the snapshot lacks are null, and promoted types are widened.
   */
  public ReadResult read(ReadRequest request, LakeFiles planned, TableSchema settled) {
    requireTail(request);
    table.refresh();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    Pinned pinned = SnapshotPin.pinned(metadata, request, name());
    Expression kept = RowTtlFilter.kept(descriptor.options(), Instant.now());
    ReadRequest applied = RowTtlFilter.applied(request, kept);
    return request.mode().readsLog()
        ? readWithTail(applied, kept, metadata, pinned, planned, settled)
        : readLake(
            applied, kept, pinned, planned, settled == null ? pinned.schema() : settled.schema());
  }

  /**
   * The schema the request's read returns, settled without reading its rows: the pinned snapshot's schema merged
   * with every schema that the key and value schema ids of its tail name ({@link TailSchemaScan}). Give the request
   * a point ({@link ReadRequest#at}) so that the read that follows reads the same tail.
   */
  public TableSchema readSchema(ReadRequest request) {
    requireTail(request);
    table.refresh();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    Pinned pinned = SnapshotPin.pinned(metadata, request, name());
    TableSchema start = snapshotSchema(metadata, pinned);
    if (!request.mode().readsLog()) {
      return start;
    }
    List<TailRange> ranges = ReadPlanner.plan(
            request.mode(),
            pinned.seams(),
            bounds(request),
            Set.of(),
            request.partitions(),
            request.at(),
            descriptor.topic())
        .stream()
        .map(PartitionRead::tail)
        .toList();
    try {
      return new TailSchemaScan(consumer, descriptor.topic(), rowBuilder(start)).settle(ranges);
    } catch (InterruptedException e) {
      throw MinkException.interrupted("settling the read schema of " + name(), e);
    }
  }

  private static TableSchema snapshotSchema(TableMetadata metadata, Pinned pinned) {
    return new TableSchema(
        pinned.schema(),
        metadata.lastColumnId(),
        Collections.max(metadata.schemasById().keySet()));
  }

  /**
   * The point the request reads now, without reading it: the pinned snapshot and each partition's tail. Reads of the
   * request {@link ReadRequest#at at} this point, of any of its partitions, see one point in time.
   */
  public ReadPoint point(ReadRequest request) {
    return planPoint(request).point();
  }

  /** Like {@link #point}, with the bounds of the topic the point was planned with, for {@link #reading}. */
  public PlannedPoint planPoint(ReadRequest request) {
    requireTail(request);
    return ReadPoints.now(table, descriptor.topic(), consumer, request, name());
  }

  /**
   * Like {@link #planPoint(ReadRequest)}, with the check of the topic's id run on {@code checks} while the point is
   * planned, so that the two ask Kafka at once. When the check fails, its failure is thrown, not the point.
   */
  public PlannedPoint planPoint(ReadRequest request, Executor checks) {
    if (!request.mode().readsLog() || atPlannedPoint(request)) {
      return planPoint(request);
    }
    CompletableFuture<Void> check = TailTopicCheck.started(descriptor, topicIds, checks);
    PlannedPoint point;
    try {
      point = ReadPoints.now(table, descriptor.topic(), consumer, request, name());
    } catch (RuntimeException e) {
      TailTopicCheck.await(check);
      throw e;
    }
    TailTopicCheck.await(check);
    return point;
  }

  private void requireTail(ReadRequest request) {
    if (request.mode().readsLog() && !atPlannedPoint(request)) {
      TailTopicCheck.require(descriptor, topicIds);
    }
  }

  private boolean atPlannedPoint(ReadRequest request) {
    return planned != null
        && request.at().isPresent()
        && request.at().get().equals(planned.point())
        && !planned.bounds().isEmpty();
  }

  /** Kafka's bounds of the topic: those of the planned point for a request at it, else asked now. */
  private Map<Integer, PartitionBounds> bounds(ReadRequest request) {
    return atPlannedPoint(request)
        ? planned.bounds()
        : TopicBounds.read(consumer, descriptor.topic(), name());
  }

  private ReadResult readLake(
      ReadRequest request, Expression kept, Pinned pinned, LakeFiles planned, Schema readSchema) {
    RowFilter filter = RowFilter.bind(pinned.schema(), request.filter());
    LakeFiles files =
        planned != null ? planned : lakeFiles(pinned, request, filter.pushdown(pinned.schema()));
    List<PartitionRead> plan = ReadPlanner.plan(
        request.mode(),
        pinned.seams(),
        Map.of(),
        files.partitions(),
        request.partitions(),
        request.at(),
        descriptor.topic());
    progress.planned(plan.size(), files.fileCount(), 0);
    ReadColumns.Resolved columns =
        ReadColumns.requested(request).resolve(readSchema, pinned.schema(), name());
    UnionBatches batches = batches(
        request,
        plan,
        files,
        partition -> TailBatches.held(List.of()),
        partition -> RowMerge.NONE,
        columns,
        request.filtersEveryRow() ? filter : RowFilter.bind(pinned.schema(), kept),
        request.filtersEveryRow() || kept.op() != Expression.Operation.TRUE,
        pinned,
        () -> {});
    return result(pinned, plan, files, 0, columns, Map.of(), batches);
  }

  private ReadResult readWithTail(
      ReadRequest request,
      Expression kept,
      TableMetadata metadata,
      Pinned pinned,
      LakeFiles planned,
      TableSchema start) {
    Map<Integer, PartitionBounds> bounds = bounds(request);
    List<PartitionRead> plan = ReadPlanner.plan(
        request.mode(),
        pinned.seams(),
        bounds,
        Set.of(),
        request.partitions(),
        request.at(),
        descriptor.topic());
    List<TailRange> ranges = plan.stream().map(PartitionRead::tail).toList();
    progress.planned(
        plan.size(),
        0,
        ranges.stream().mapToLong(tail -> tail.to() - tail.from()).sum());
    RowBuilder rows = rowBuilder(start != null ? start : snapshotSchema(metadata, pinned));
    boolean merges =
        request.mode() == ReadMode.union && MinkTableLayout.isUpsert(descriptor.options());
    ReadColumns columns = ReadColumns.requested(request, merges);
    TailScan.Tails tails = readTails(request, ranges, rows, columns, merges);
    try {
      Schema readSchema = rows.current().schema();
      RowFilter filter = RowFilter.bind(readSchema, request.filter());
      LakeFiles files = !request.mode().readsLake()
          ? LakeFiles.none()
          : planned != null
              ? planned
              : lakeFiles(pinned, request, filter.pushdown(pinned.schema()));
      progress.planned(plan.size(), files.fileCount(), tails.records());
      ReadColumns.Resolved resolved = columns.resolve(readSchema, pinned.schema(), name());
      TableSchema settled = rows.current();
      UnionBatches batches = batches(
          request,
          plan,
          files,
          partition -> tails.reread().contains(partition.partition())
              ? new TailStream(
                  new TailFetch(consumer, descriptor.topic(), partition.tail()),
                  rowBuilder(settled),
                  columns.tailColumns(),
                  descriptor.topic())
              : TailBatches.held(tails.take(partition.partition())),
          partition -> tails.merge(partition.partition()),
          resolved,
          request.filtersEveryRow() ? filter : RowFilter.bind(readSchema, kept),
          request.filtersEveryRow() || kept.op() != Expression.Operation.TRUE,
          pinned,
          tails::close);
      return result(pinned, plan, files, tails.records(), resolved, rows.rawCounts(), batches);
    } catch (RuntimeException e) {
      tails.close();
      throw e;
    }
  }

  /**
   * Reads the tails of the ranges, each folded to its last change per key when the read merges by key; a limit
   * without a filter stops each tail early only when it does not.
   */
  private TailScan.Tails readTails(
      ReadRequest request,
      List<TailRange> ranges,
      RowBuilder rows,
      ReadColumns columns,
      boolean mergesByKey) {
    long perPartition = request.limit().isPresent() && !request.filters() && !mergesByKey
        ? request.limit().getAsLong()
        : Long.MAX_VALUE;
    return new TailScan(
            consumer,
            descriptor.topic(),
            rows,
            columns.tailColumns(),
            perPartition,
            tailMemoryBytes,
            (partition, records) -> progress.tailRead(records),
            mergesByKey ? Optional.of(TailDeletes.TOMBSTONES) : Optional.empty())
        .read(ranges);
  }

  private LakeFiles lakeFiles(Pinned pinned, ReadRequest request, Expression pushed) {
    return pinned.snapshot().isPresent()
        ? LakeFiles.plan(table, pinned.snapshot().get().snapshotId(), pushed, request.partitions())
        : LakeFiles.none();
  }

  private UnionBatches batches(
      ReadRequest request,
      List<PartitionRead> plan,
      LakeFiles files,
      Function<PartitionRead, TailBatches> tails,
      Function<PartitionRead, RowMerge> merges,
      ReadColumns.Resolved columns,
      RowFilter filter,
      boolean filtersEveryRow,
      Pinned pinned,
      Runnable onClose) {
    return new UnionBatches(
        plan,
        partition -> new LakeScan(
            table.io(),
            pinned.schema(),
            columns.lake(),
            partition.partition(),
            files.of(partition.partition()),
            request.batchSize()),
        tails,
        merges,
        columns.scan(),
        columns.output(),
        filtersEveryRow ? filter::select : batch -> batch,
        request.limit().orElse(Long.MAX_VALUE),
        progress,
        onClose);
  }

  private ReadResult result(
      Pinned pinned,
      List<PartitionRead> plan,
      LakeFiles files,
      long tailRecords,
      ReadColumns.Resolved columns,
      Map<String, Long> rawCounts,
      UnionBatches batches) {
    return new ReadResult(
        name(),
        columns.output(),
        ReadPoint.of(pinned.id(), plan.stream().map(PartitionRead::tail).toList()),
        plan.stream().flatMap(partition -> partition.gap().stream()).toList(),
        files.fileCount(),
        tailRecords,
        rawCounts,
        batches);
  }

  private String name() {
    return descriptor.qualifiedName();
  }

  private RowBuilder rowBuilder(TableSchema start) {
    return TailRowBuilders.of(descriptor, decoder, start, registryWait);
  }
}
