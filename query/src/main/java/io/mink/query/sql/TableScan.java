package io.mink.query.sql;

import io.mink.lake.RowTtl;
import io.mink.query.filter.WhereFilter;
import io.mink.query.read.LakeFiles;
import io.mink.query.read.PlannedPoint;
import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.ReadResult;
import io.mink.query.read.TailRange;
import io.mink.query.read.TopicIds;
import io.mink.query.read.UnionRead;
import io.mink.schema.batch.ArrowSchemas;
import io.mink.schema.decode.PartDecoder;
import io.mink.tables.TableDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * The scan of one table a statement names, split by Kafka partition: each split is a union read of some partitions at
 * the statement's read point of the table, with its own consumer, read as DuckDB pulls its stream. The splits open at
 * once, each reading its tails (plan time); the lake files are read as the batches are taken.
 */
final class TableScan implements AutoCloseable {
  private final List<Split> splits;
  private final long files;
  private final Optional<String> nativeLake;
  private final long tailRecords;
  private final OptionalLong lakeRows;

  private final ConsumerPool consumers;

  private TableScan(
      List<Split> splits,
      ConsumerPool consumers,
      long files,
      Optional<String> nativeLake,
      OptionalLong lakeRows) {
    this.splits = splits;
    this.consumers = consumers;
    this.files = files;
    this.nativeLake = nativeLake;
    this.lakeRows = lakeRows;
    this.tailRecords =
        splits.stream().mapToLong(split -> split.result().tailRecords()).sum();
  }

  /** One split: the partitions it reads, its read and the consumer that reads the tail. */
  record Split(Set<Integer> partitions, ReadResult result, Consumer<byte[], byte[]> consumer) {}

  /** The request a scan makes of the union read. */
  static ReadRequest request(Pushdown pushdown, QuerySettings settings) {
    ReadRequest request = ReadRequest.of(ReadMode.union)
        .withColumns(pushdown.projection())
        .withFilter(pushdown.filter())
        .withBatchSize(settings.batchSize())
        .pruningOnly();
    return pushdown.limit().isPresent() ? request.withLimit(pushdown.limit().getAsLong()) : request;
  }

  /**
   * The table's read point now: its current snapshot and every partition's tail to the last stable offset, with the
   * bounds of its topic the splits then plan with instead of asking Kafka again.
   */
  static PlannedPoint point(ScanSources sources, TableDescriptor descriptor, Table table) {
    Consumer<byte[], byte[]> consumer = sources.consumers().take();
    try {
      return new UnionRead(
              table, descriptor, consumer, sources.topicIds(), sources.decoder(), ReadProgress.NONE)
          .planPoint(ReadRequest.of(ReadMode.union), sources.executor());
    } finally {
      sources.consumers().give(consumer);
    }
  }

  /**
   * Opens the splits of the table's partitions the pushdown keeps, at most {@code splits} of them.
   *
   * @param counting whether the statement only counts the table's rows: the lake's rows are then counted from the
   *     manifests when they can be ({@link #lakeRows}), and only the partitions with a tail get splits, which read
   *     the tail alone
   */
  static TableScan open(
      ScanSources sources,
      TableDescriptor descriptor,
      Table table,
      PlannedPoint planned,
      Pushdown pushdown,
      ReadRequest request,
      int splitCount,
      boolean counting) {
    ReadPoint point = planned.point();
    Set<Integer> partitions = new TreeSet<>(point.tails().keySet());
    pushdown.partitions().ifPresent(partitions::retainAll);
    LakeFiles files = lakeFiles(sources.plannedFiles(), table, point, request, partitions);
    OptionalLong lakeRows =
        counting ? countedRows(descriptor, pushdown, files) : OptionalLong.empty();
    List<Set<Integer>> groups =
        groups(lakeRows.isPresent() ? withTail(partitions, point) : partitions, splitCount);
    Optional<String> nativeLake = SqlEngine.isUpsert(descriptor) || lakeRows.isPresent()
        ? Optional.empty()
        : sources
            .localLake()
            .flatMap(directory -> NativeLake.relation(files, columns(table, request), directory));
    LakeFiles streamed = nativeLake.isPresent() || lakeRows.isPresent() ? LakeFiles.none() : files;
    List<CompletableFuture<Split>> opening = new ArrayList<>();
    for (Set<Integer> group : groups) {
      opening.add(CompletableFuture.supplyAsync(
          () -> split(
              sources,
              descriptor,
              table,
              planned,
              request.withPartitions(group).at(point),
              streamed,
              UnionRead.TAIL_MEMORY_BYTES / groups.size()),
          sources.executor()));
    }
    List<Split> splits = new ArrayList<>();
    RuntimeException failure = null;
    for (CompletableFuture<Split> split : opening) {
      try {
        splits.add(split.join());
      } catch (CompletionException e) {
        failure =
            failure != null ? failure : e.getCause() instanceof RuntimeException cause ? cause : e;
      }
    }
    if (failure != null) {
      splits.forEach(split -> close(split, sources.consumers()));
      throw failure;
    }
    return new TableScan(splits, sources.consumers(), files.fileCount(), nativeLake, lakeRows);
  }

  /** The partitions whose tail at the point holds offsets: a count from the manifests reads only those. */
  private static Set<Integer> withTail(Set<Integer> partitions, ReadPoint point) {
    Set<Integer> tailed = new TreeSet<>();
    for (int partition : partitions) {
      TailRange tail = point.tails().get(partition);
      if (tail != null && tail.to() > tail.from()) {
        tailed.add(partition);
      }
    }
    return tailed;
  }

  /**
   * The rows of the lake part counted from the manifests, when they are the rows the scan would read: an append
   * table (an upsert table's tail replaces lake rows by key) without a row TTL (which drops rows by their time), no
   * conjunct, and files whose deletes the manifests count.
   */
  private static OptionalLong countedRows(
      TableDescriptor descriptor, Pushdown pushdown, LakeFiles files) {
    if (SqlEngine.isUpsert(descriptor)
        || RowTtl.fromOptions(descriptor.options()).isPresent()
        || !pushdown.lakeFilters().isEmpty()
        || pushdown.partitions().isPresent()) {
      return OptionalLong.empty();
    }
    return files.rows();
  }

  /**
   * The snapshot's files the scan reads, planned once for all its splits with the lake predicates, each file filed
   * under one partition read so that it is read once and whole: a file holding rows of several partitions is not read
   * once per partition, and DuckDB applies the statement's own conjuncts on {@code _kafka_partition}.
   */
  private static LakeFiles lakeFiles(
      PlannedFiles planned,
      Table table,
      ReadPoint point,
      ReadRequest request,
      Set<Integer> partitions) {
    if (point.snapshotId().isEmpty() || partitions.isEmpty()) {
      return LakeFiles.none();
    }
    Expression pushed = request.filters()
        ? WhereFilter.bind(table.schema(), request.filter()).expression()
        : Expressions.alwaysTrue();
    return planned
        .plan(table, point.snapshotId().getAsLong(), pushed, partitions)
        .readOnce(partitions);
  }

  /** Opens one split: reads its partitions' tails; its lake files are read as DuckDB takes its batches. */
  private static Split split(
      ScanSources sources,
      TableDescriptor descriptor,
      Table table,
      PlannedPoint planned,
      ReadRequest request,
      LakeFiles files,
      long tailMemoryBytes) {
    Consumer<byte[], byte[]> consumer = sources.consumers().take();
    try {
      UnionRead read = new UnionRead(
              table,
              descriptor,
              consumer,
              sources.topicIds(),
              sources.decoder(),
              ReadProgress.NONE,
              tailMemoryBytes)
          .reading(planned);
      return new Split(request.partitions(), read.read(request, files), consumer);
    } catch (RuntimeException e) {
      sources.consumers().give(consumer);
      throw e;
    }
  }

  /** The partitions in at most {@code count} groups of consecutive partitions, as even as they come. */
  static List<Set<Integer>> groups(Set<Integer> partitions, int count) {
    List<Integer> ordered = new ArrayList<>(partitions);
    int groups = Math.min(count, ordered.size());
    List<Set<Integer>> result = new ArrayList<>();
    for (int g = 0; g < groups; g++) {
      int from = (int) ((long) ordered.size() * g / groups);
      int to = (int) ((long) ordered.size() * (g + 1) / groups);
      result.add(new TreeSet<>(ordered.subList(from, to)));
    }
    return result;
  }

  List<Split> splits() {
    return splits;
  }

  /** The lake's rows as a relation DuckDB reads itself ({@link NativeLake}); empty when the splits stream them. */
  Optional<String> nativeLake() {
    return nativeLake;
  }

  /** The table's columns the request reads: its projection, or every column. */
  private static org.apache.iceberg.Schema columns(Table table, ReadRequest request) {
    return request.columns().isEmpty() ? table.schema() : table.schema().select(request.columns());
  }

  long files() {
    return files;
  }

  /** The lake's rows, counted from the manifests, when the scan counts them instead of reading them. */
  OptionalLong lakeRows() {
    return lakeRows;
  }

  long tailRecords() {
    return tailRecords;
  }

  /** The Arrow schema of a split's batches. */
  static org.apache.arrow.vector.types.pojo.Schema schema(Split split) {
    return ArrowSchemas.of(split.result().schema());
  }

  @Override
  public void close() {
    splits.forEach(split -> close(split, consumers));
  }

  private static void close(Split split, ConsumerPool consumers) {
    try {
      split.result().close();
    } finally {
      consumers.give(split.consumer());
    }
  }

  /**
   * Where a scan's reads come from: the engine's consumers, Kafka's topic ids, the registry's decoder, threads to open
   * splits on, and the snapshots' files planned before.
   */
  record ScanSources(
      ConsumerPool consumers,
      TopicIds topicIds,
      Optional<PartDecoder> decoder,
      Executor executor,
      Optional<java.nio.file.Path> localLake,
      PlannedFiles plannedFiles) {}
}
