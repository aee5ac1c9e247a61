package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.round.PartitionBounds;
import io.mink.indexer.round.RecordParts;
import io.mink.indexer.round.RegistryWaitingParts;
import io.mink.indexer.round.RowBuilder;
import io.mink.indexer.round.TopicBounds;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.table.TableSchema;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.expressions.Expression;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * Reads a Mink table as it is now (spec/union-read.md): per Kafka partition, the rows of a lake snapshot pinned once
 * for the whole read, then the Kafka tail from the snapshot's offset (its seam) to the last stable offset at plan
 * time, decoded as a round decodes it. Nothing is read twice and nothing is skipped; a range neither holds is
 * reported as a gap. The read schema is the snapshot's schema merged with every schema version the tail meets.
 */
public final class UnionRead {
  /** How long a read waits out an unavailable schema registry before it stops with an error. */
  public static final Duration REGISTRY_WAIT = Duration.ofMinutes(2);

  private final Table table;
  private final TableDescriptor descriptor;
  private final Consumer<byte[], byte[]> consumer;
  private final PartDecoder decoder;
  private final ReadProgress progress;

  /**
   * @param consumer an assign-and-seek consumer with no group, read_committed, such as {@code
   *     clients.rawConsumer("read", Map.of())}; the read uses it on the calling thread
   * @param decoder decodes keys and values through the schema registry; empty when none is configured, and every
   *     part of the tail keeps its raw bytes, as in a round
   */
  public UnionRead(
      Table table,
      TableDescriptor descriptor,
      Consumer<byte[], byte[]> consumer,
      Optional<PartDecoder> decoder,
      ReadProgress progress) {
    this.table = requireNonNull(table, "table is null");
    this.descriptor = requireNonNull(descriptor, "descriptor is null");
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.decoder = decoder.orElse(null);
    this.progress = requireNonNull(progress, "progress is null");
  }

  /** Plans the read and reads the tail; the lake is read as the result's batches are taken. */
  public ReadResult read(ReadRequest request) {
    table.refresh();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    Optional<Snapshot> snapshot = SnapshotPin.pin(metadata, request, descriptor.qualifiedName());
    LakeOffsets seams = snapshot
        .filter(MinkSnapshot::isMink)
        .map(pinned -> MinkSnapshot.of(pinned).offsets())
        .orElse(LakeOffsets.NONE);
    Schema lakeSchema = SnapshotPin.schema(metadata, snapshot);
    ReadColumns columns = ReadColumns.requested(request);
    if (!request.mode().readsLog()) {
      RowFilter filter = RowFilter.bind(lakeSchema, request.filter());
      LakeFiles files = lakeFiles(snapshot, request, filter.pushdown(lakeSchema));
      List<PartitionRead> plan = ReadPlanner.plan(
          request.mode(),
          seams,
          Map.of(),
          files.partitions(),
          request.partitions(),
          request.at(),
          descriptor.topic());
      progress.planned(plan.size(), files.fileCount(), 0);
      return result(
          request,
          pinned(snapshot),
          plan,
          files,
          TailScan.Tails.empty(),
          columns.resolve(lakeSchema, lakeSchema, name()),
          filter,
          lakeSchema,
          Map.of());
    }
    Map<Integer, PartitionBounds> bounds = TopicBounds.read(consumer, descriptor.topic(), name());
    List<PartitionRead> plan = ReadPlanner.plan(
        request.mode(),
        seams,
        bounds,
        Set.of(),
        request.partitions(),
        request.at(),
        descriptor.topic());
    List<TailRange> tails = plan.stream().map(PartitionRead::tail).toList();
    progress.planned(
        plan.size(),
        0,
        tails.stream().mapToLong(tail -> tail.to() - tail.from()).sum());
    RowBuilder rows = rowBuilder(new TableSchema(
        lakeSchema,
        metadata.lastColumnId(),
        Collections.max(metadata.schemasById().keySet())));
    TailScan.Tails read = new TailScan(
            consumer,
            descriptor.topic(),
            rows,
            columns.tailColumns(),
            request.limit().isPresent() && !request.filters()
                ? request.limit().getAsLong()
                : Long.MAX_VALUE,
            (partition, records) -> progress.tailRead(records))
        .read(tails);
    try {
      Schema readSchema = rows.current().schema();
      RowFilter filter = RowFilter.bind(readSchema, request.filter());
      LakeFiles files = request.mode().readsLake()
          ? lakeFiles(snapshot, request, filter.pushdown(lakeSchema))
          : LakeFiles.none();
      progress.planned(plan.size(), files.fileCount(), read.records());
      return result(
          request,
          pinned(snapshot),
          plan,
          files,
          read,
          columns.resolve(readSchema, lakeSchema, name()),
          filter,
          lakeSchema,
          rows.rawCounts());
    } catch (RuntimeException e) {
      read.close();
      throw e;
    }
  }

  private LakeFiles lakeFiles(Optional<Snapshot> snapshot, ReadRequest request, Expression pushed) {
    return snapshot.isPresent()
        ? LakeFiles.plan(table, snapshot.get().snapshotId(), pushed, request.partitions())
        : LakeFiles.none();
  }

  private ReadResult result(
      ReadRequest request,
      OptionalLong pinned,
      List<PartitionRead> plan,
      LakeFiles files,
      TailScan.Tails tails,
      ReadColumns.Resolved resolved,
      RowFilter filter,
      Schema lakeSchema,
      Map<String, Long> rawCounts) {
    UnionBatches batches = new UnionBatches(
        plan,
        partition -> new LakeScan(
            table.io(),
            lakeSchema,
            resolved.lake(),
            partition.partition(),
            files.of(partition.partition()),
            request.batchSize()),
        tails,
        resolved.scan(),
        resolved.output(),
        filter::select,
        request.limit().orElse(Long.MAX_VALUE),
        progress);
    return new ReadResult(
        name(),
        resolved.output(),
        ReadPoint.of(pinned, plan.stream().map(PartitionRead::tail).toList()),
        plan.stream().flatMap(partition -> partition.gap().stream()).toList(),
        files.fileCount(),
        tails.records(),
        rawCounts,
        batches);
  }

  private static OptionalLong pinned(Optional<Snapshot> snapshot) {
    return snapshot
        .map(pinned -> OptionalLong.of(pinned.snapshotId()))
        .orElse(OptionalLong.empty());
  }

  private String name() {
    return descriptor.qualifiedName();
  }

  private RowBuilder rowBuilder(TableSchema start) {
    MappingOptions options = MinkTableLayout.mappingOptions(descriptor.options());
    RecordParts parts = decoder == null
        ? null
        : new RegistryWaitingParts(
            descriptor.qualifiedName(),
            decoder,
            options,
            System::nanoTime,
            System.nanoTime() + REGISTRY_WAIT.toNanos(),
            wait -> {});
    return new RowBuilder(descriptor.qualifiedName(), start, parts, options);
  }
}
