package io.mink.indexer.round;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.stats.RegistryWait;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.compaction.Compaction;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.table.TableSchema;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of one table (spec/tiering.md "A round", steps 2 to 5): read the lake's offsets, plan a
 * split per partition up to the end offsets taken now, write each partition's records on its writer
 * lane, and commit every file in one snapshot carrying the new offsets, compare-and-set on the
 * offsets the round started from. At the deadline the round force-finishes: each partition commits
 * what it has read and the rest rolls over to the next round.
 */
public final class TieringRound {
  private static final Logger LOG = LoggerFactory.getLogger(TieringRound.class);

  private final TableDescriptor descriptor;
  private final Table table;
  private final Consumer<byte[], byte[]> consumer;
  private final WriterLanes lanes;
  private final LakeCommitter committer;
  private final long targetFileSizeBytes;
  private final long deadlineNanos;
  private final PartDecoder decoder;
  private final Runnable heartbeat;
  private final java.util.function.Consumer<RegistryWait> registryWaits;
  private final WriterBudget budget;
  private final String roundId = UUID.randomUUID().toString();
  private final IdentityHashMap<Schema, FileWriterFactory<Record>> writerFactories =
      new IdentityHashMap<>();

  /**
   * @param decoder decodes keys and values through the schema registry; null when none is
   *     configured, and every part keeps its raw bytes
   */
  public TieringRound(
      TableDescriptor descriptor,
      Table table,
      Consumer<byte[], byte[]> consumer,
      WriterLanes lanes,
      LakeCommitter committer,
      long targetFileSizeBytes,
      Duration maxDuration,
      PartDecoder decoder) {
    this(
        descriptor,
        table,
        consumer,
        lanes,
        committer,
        targetFileSizeBytes,
        maxDuration,
        decoder,
        () -> {},
        wait -> {},
        WriterBudget.defaults(1));
  }

  /**
   * @param heartbeat called as the round works: before every fetch and while it waits for the schema
   *     registry; it throws to stop the round, whose files are then deleted and nothing committed
   * @param registryWaits told when the round begins to wait for the schema registry, at each retry, and with null
   *     when the registry answers again
   * @param budget how many files the round keeps open at once and how much each buffers
   */
  public TieringRound(
      TableDescriptor descriptor,
      Table table,
      Consumer<byte[], byte[]> consumer,
      WriterLanes lanes,
      LakeCommitter committer,
      long targetFileSizeBytes,
      Duration maxDuration,
      PartDecoder decoder,
      Runnable heartbeat,
      java.util.function.Consumer<RegistryWait> registryWaits,
      WriterBudget budget) {
    this.heartbeat = requireNonNull(heartbeat, "heartbeat is null");
    this.registryWaits = requireNonNull(registryWaits, "registryWaits is null");
    this.budget = requireNonNull(budget, "budget is null");
    this.descriptor = requireNonNull(descriptor, "descriptor is null");
    this.table = requireNonNull(table, "table is null");
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.lanes = requireNonNull(lanes, "lanes is null");
    this.committer = requireNonNull(committer, "committer is null");
    this.targetFileSizeBytes = targetFileSizeBytes;
    this.deadlineNanos = System.nanoTime() + maxDuration.toNanos();
    this.decoder = decoder;
  }

  public RoundResult run() {
    long started = System.nanoTime();
    table.refresh();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    LakeOffsets recorded =
        MinkSnapshot.newest(metadata).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    RoundPlan plan = RoundPlanner.plan(
        recorded, TopicBounds.read(consumer, descriptor.topic(), descriptor.qualifiedName()));
    if (!plan.gaps().isEmpty()) {
      throw new DataLossException(descriptor.qualifiedName(), descriptor.topic(), plan.gaps());
    }
    if (!plan.hasWork()) {
      return RoundResult.nothingNew(
          descriptor.qualifiedName(), recorded, Duration.ofNanos(System.nanoTime() - started));
    }
    LOG.debug(
        "Round {} of {}: {} splits, up to {} records",
        roundId,
        descriptor.qualifiedName(),
        plan.ranges().size(),
        plan.recordsUpperBound());

    Map<Integer, PartitionSink> sinks = openSinks(plan);
    RowBuilder rows = rowBuilder(TableSchema.of(metadata));
    RoundFetch.Outcome fetched;
    try {
      fetched = new RoundFetch(
              consumer,
              descriptor.topic(),
              budget.openFilesPerRound(),
              System::nanoTime,
              deadlineNanos,
              heartbeat)
          .fetch(plan, new SinkBatches(rows, sinks));
      completeAll(sinks);
    } catch (RuntimeException e) {
      abortAll(sinks);
      throw e;
    } catch (InterruptedException e) {
      abortAll(sinks);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Round of " + descriptor.qualifiedName() + " interrupted", e);
    }
    if (fetched.forceFinished()) {
      LOG.info(
          "Round {} of {} force-finished at its freshness deadline: committing what {} partitions read so far",
          roundId,
          descriptor.qualifiedName(),
          plan.ranges().size());
    }

    List<DataFile> files = new ArrayList<>();
    List<Integer> written = new ArrayList<>();
    long rowCount = 0;
    for (PartitionSink sink : sinks.values()) {
      files.addAll(sink.files());
      rowCount += sink.rows();
      if (!sink.files().isEmpty()) {
        written.add(sink.partition());
      }
    }
    LakeOffsets next = recorded.advancedTo(fetched.reached());
    if (next.equals(recorded)) {
      return RoundResult.nothingNew(
          descriptor.qualifiedName(), recorded, Duration.ofNanos(System.nanoTime() - started));
    }
    Compaction compaction = RoundCompaction.enabled(table)
        ? RoundCompaction.run(table, written, targetFileSizeBytes, roundId)
        : Compaction.NONE;
    RoundCommit commit = RoundCommits.describe(
        roundId,
        descriptor.topic(),
        recorded,
        next,
        files,
        rowCount,
        fetched.forceFinished(),
        rows.start(),
        rows.steps(),
        rows.current(),
        rows.rawCounts(),
        compaction);
    MinkSnapshot snapshot = committer.commit(table, commit);
    return new RoundResult(
        descriptor.qualifiedName(),
        true,
        snapshot.snapshotId(),
        next,
        rowCount,
        fetched.bytes(),
        files.size(),
        Duration.ofNanos(System.nanoTime() - started),
        fetched.forceFinished(),
        rows.rawCounts());
  }

  /** The round's row builder: keys and values through the registry when one is configured, waiting out outages. */
  private RowBuilder rowBuilder(TableSchema start) {
    MappingOptions options = MinkTableLayout.mappingOptions(descriptor.options());
    RecordParts parts = decoder == null
        ? null
        : new RegistryWaitingParts(
            descriptor.qualifiedName(),
            decoder,
            options,
            () -> {
              heartbeat.run();
              return System.nanoTime();
            },
            deadlineNanos,
            registryWaits);
    return new RowBuilder(descriptor.qualifiedName(), start, parts, options);
  }

  /**
   * One sink per split. Files roll at the table's iceberg.write.target-file-size-bytes option when
   * it was given, else at target_file_size, and follow the table's partition spec.
   */
  private Map<Integer, PartitionSink> openSinks(RoundPlan plan) {
    long targetFileSize = MinkTableLayout.targetFileSize(descriptor.options(), targetFileSizeBytes);
    Map<Integer, PartitionSink> sinks = new HashMap<>();
    for (PartitionRange range : plan.ranges()) {
      int partition = range.partition();
      sinks.put(
          partition,
          new PartitionSink(
              partition,
              schema -> PartitionFileWriter.open(
                  table, schema, writerFactory(schema), roundId, partition, targetFileSize),
              table.io()));
    }
    return sinks;
  }

  private FileWriterFactory<Record> writerFactory(Schema schema) {
    synchronized (writerFactories) {
      return writerFactories.computeIfAbsent(
          schema,
          s -> PartitionFileWriter.writerFactory(
              table, s, budget.parquetProperties(table.properties())));
    }
  }

  /** The fetch's batches built into rows and written on each partition's writer lane. */
  private final class SinkBatches implements RoundFetch.Batches {
    private final RowBuilder rows;
    private final Map<Integer, PartitionSink> sinks;

    SinkBatches(RowBuilder rows, Map<Integer, PartitionSink> sinks) {
      this.rows = rows;
      this.sinks = sinks;
    }

    @Override
    public int take(PartitionRange split, List<ConsumerRecord<byte[], byte[]>> batch)
        throws InterruptedException {
      RowBuilder.Built built = rows.build(batch);
      PartitionSink sink = sinks.get(split.partition());
      for (RowSegment segment : built.segments()) {
        lanes.submit(split.partition(), () -> sink.write(segment));
      }
      return built.records();
    }

    @Override
    public void finished(PartitionRange split) {
      PartitionSink sink = sinks.get(split.partition());
      lanes.submit(sink.partition(), sink::complete);
    }

    @Override
    public void check() {
      checkFailures(sinks);
    }
  }

  private void completeAll(Map<Integer, PartitionSink> sinks) {
    List<CompletableFuture<Void>> barriers = new ArrayList<>();
    for (PartitionSink sink : sinks.values()) {
      lanes.submit(sink.partition(), sink::complete);
      barriers.add(lanes.barrier(sink.partition()));
    }
    await(barriers);
    checkFailures(sinks);
  }

  private void abortAll(Map<Integer, PartitionSink> sinks) {
    List<CompletableFuture<Void>> barriers = new ArrayList<>();
    for (PartitionSink sink : sinks.values()) {
      lanes.submit(sink.partition(), sink::abort);
      barriers.add(lanes.barrier(sink.partition()));
    }
    try {
      await(barriers);
    } catch (RuntimeException e) {
      LOG.warn(
          "Could not clean up the files of aborted round {} of {}",
          roundId,
          descriptor.qualifiedName(),
          e);
    }
  }

  private void checkFailures(Map<Integer, PartitionSink> sinks) {
    for (PartitionSink sink : sinks.values()) {
      if (sink.failure() != null) {
        throw new IllegalStateException(
            "Cannot write partition " + sink.partition() + " of table " + descriptor.qualifiedName()
                + " to Parquet: " + sink.failure().getMessage(),
            sink.failure());
      }
    }
  }

  private static void await(List<CompletableFuture<Void>> barriers) {
    try {
      CompletableFuture.allOf(barriers.toArray(CompletableFuture[]::new)).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for writer lanes", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("A writer lane failed", e.getCause());
    }
  }
}
