package io.mink.indexer.round;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.stats.RegistryWait;
import io.mink.indexer.upsert.KeyIndex;
import io.mink.indexer.upsert.UpsertRound;
import io.mink.lake.AcceptedStart;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.compaction.Compaction;
import io.mink.lake.ttl.RowExpiry;
import io.mink.lake.write.ColumnEncodings;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.batch.BatchRow;
import io.mink.lake.write.deletes.WrittenDeletes;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.table.TableSchema;
import io.mink.tables.TableDescriptor;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.io.FileWriterFactory;
import org.apache.kafka.clients.consumer.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of one table (docs/exactly-once.md, "A round"): read the lake's offsets, plan a
 * split per partition up to the end offsets taken now, write each partition's records on its writer
 * lane, and commit every file in one snapshot carrying the new offsets, compare-and-set on the
 * offsets the round started from. At the deadline the round force-finishes: each partition commits
 * what it has read and the rest rolls over to the next round.
 */
public final class TieringRound {
  private static final Logger LOG = LoggerFactory.getLogger(TieringRound.class);

  private final TableDescriptor descriptor;
  private final Table table;
  private final Consumer<ByteBuffer, ByteBuffer> consumer;
  private final WriterLanes lanes;
  private final LakeCommitter committer;
  private final long targetFileSizeBytes;
  private final long deadlineNanos;
  private final PartDecoder decoder;
  private final Runnable heartbeat;
  private final java.util.function.Consumer<RegistryWait> registryWaits;
  private final WriterBudget budget;
  private final KeyIndex keyIndex;
  private final String roundId = UUID.randomUUID().toString();
  /** The partitions the round indexes for the first time, at the offset each starts from. */
  private Map<Integer, Long> firstOffsets = Map.of();

  private final IdentityHashMap<Schema, FileWriterFactory<BatchRow>> writerFactories =
      new IdentityHashMap<>();

  /**
   * @param decoder decodes keys and values through the schema registry; null when none is
   *     configured, and every part keeps its raw bytes
   */
  public TieringRound(
      TableDescriptor descriptor,
      Table table,
      Consumer<ByteBuffer, ByteBuffer> consumer,
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
        WriterBudget.defaults(1),
        null);
  }

  /**
   * @param heartbeat called as the round works: before every fetch and while it waits for the schema
   *     registry; it throws to stop the round, whose files are then deleted and nothing committed
   * @param registryWaits told when the round begins to wait for the schema registry, at each retry, and with null
   *     when the registry answers again
   * @param budget how many files the round keeps open at once and how much each buffers
   * @param keyIndex an upsert table's key index, kept from round to round; null for an append table
   */
  public TieringRound(
      TableDescriptor descriptor,
      Table table,
      Consumer<ByteBuffer, ByteBuffer> consumer,
      WriterLanes lanes,
      LakeCommitter committer,
      long targetFileSizeBytes,
      Duration maxDuration,
      PartDecoder decoder,
      Runnable heartbeat,
      java.util.function.Consumer<RegistryWait> registryWaits,
      WriterBudget budget,
      KeyIndex keyIndex) {
    this.keyIndex = keyIndex;
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
    Long baseSnapshotId =
        metadata.currentSnapshot() == null ? null : metadata.currentSnapshot().snapshotId();
    LakeOffsets recorded = recordedOffsets(metadata);
    AcceptedStart start = AcceptedStart.fromOptions(descriptor.options());
    Map<Integer, PartitionBounds> bounds =
        TopicBounds.read(consumer, descriptor.topic(), descriptor.qualifiedName());
    RoundPlan plan = plan(recorded, start, bounds);
    firstOffsets = RoundStarts.of(recorded, plan);
    if (!plan.hasWorkBeyond(start)) {
      return expireOnly(
          started, metadata, baseSnapshotId, recorded, start.nextOffsets(recorded), bounds);
    }
    UpsertRound upsert = null;
    if (keyIndex != null) {
      keyIndex.beginRound(baseSnapshotId);
      upsert = new UpsertRound(keyIndex);
    }
    RoundSinks sinks = openSinks(plan);
    RowBuilder rows = rowBuilder(TableSchema.of(metadata));
    RoundFetch.Outcome fetched = fetch(plan, rows, sinks, upsert);
    LakeOffsets next = recorded.advancedTo(fetched.reached());
    if (next.equals(recorded)) {
      return RoundResult.nothingNew(descriptor.qualifiedName(), recorded, since(started));
    }
    RoundSinks.Written written = sinks.written();
    try {
      return commit(started, baseSnapshotId, recorded, next, fetched, rows, written, upsert);
    } catch (RuntimeException e) {
      if (keyIndex != null) {
        keyIndex.forget();
      }
      throw e;
    }
  }

  /**
   * The offsets of the newest Mink snapshot in the table's current lineage: after another engine's rollback, those
   * of the snapshot rolled back to, and the rounds tier again what Kafka still holds. A lineage whose Mink snapshots
   * another engine expired has no offsets to go on, and tiering from the start would write rows twice: refused.
   */
  private LakeOffsets recordedOffsets(TableMetadata metadata) {
    if (MinkSnapshot.lineageLostOffsets(metadata)) {
      throw MinkException.conflict("Table " + descriptor.qualifiedName()
          + " has no snapshot of Mink left in its current lineage (snapshot "
          + metadata.currentSnapshot().snapshotId()
          + " and the ancestors the metadata still holds), and its tag "
          + MinkSnapshot.LAST_ROUND_TAG
          + " is gone: another engine expired them, so the Kafka offsets the table "
          + "holds are unknown and Mink stops tiering it rather than write rows twice. Roll the table back to a "
          + "snapshot Mink committed (CALL system.rollback_to_snapshot), or remove the table and add it again; "
          + "keep the tag, which each round moves to its snapshot (docs/operations.md, Other engines on Mink's "
          + "tables)");
    }
    return MinkSnapshot.newest(metadata).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
  }

  /** Writes the deletes of an upsert table's round, compacts, and commits the round in one snapshot. */
  private RoundResult commit(
      long started,
      Long baseSnapshotId,
      LakeOffsets recorded,
      LakeOffsets next,
      RoundFetch.Outcome fetched,
      RowBuilder rows,
      RoundSinks.Written written,
      UpsertRound upsert) {
    RoundDeletes.Upserted upserted = RoundDeletes.Upserted.NONE;
    Map<String, Long> rawCounts = rows.rawCounts();
    if (upsert != null) {
      try {
        upserted = RoundDeletes.write(
            table,
            baseSnapshotId,
            upsert,
            written,
            descriptor.options(),
            targetFileSizeBytes,
            lanes.size(),
            roundId);
      } catch (RuntimeException e) {
        PartitionSink.deleteQuietly(table.io(), written.files());
        throw e;
      }
      rawCounts = new TreeMap<>(rawCounts);
      upsert.rawCounts().forEach(rawCounts::put);
    }
    Optional<RowExpiry.Expiry> expiry =
        upserted.deletes().isEmpty() && upserted.compaction().isEmpty()
            ? RoundExpiry.due(
                descriptor,
                table,
                ((HasTableOperations) table).operations().current(),
                baseSnapshotId,
                Instant.now(),
                roundId)
            : Optional.empty();
    boolean expires = expiry.isPresent() && !expiry.get().isEmpty();
    Compaction smallFiles = RoundCompaction.enabled(table) && upsert == null && !expires
        ? RoundCompaction.run(
            table, written.partitions(), targetFileSizeBytes, roundId, upserted.touchedFiles())
        : Compaction.NONE;
    Compaction compaction = smallFiles.and(upserted.compaction());
    RoundCommit commit = RoundCommits.describe(
        roundId,
        descriptor.topic(),
        recorded,
        next,
        written.files(),
        written.rows(),
        fetched.forceFinished(),
        rows.start(),
        rows.steps(),
        rows.current(),
        rawCounts,
        compaction,
        upserted.deletes(),
        baseSnapshotId);
    if (expiry.isPresent()) {
      commit = RoundExpiry.with(commit, expiry.get());
    }
    commit = RoundStarts.with(commit, firstOffsets);
    MinkSnapshot snapshot = committer.commit(table, commit);
    if (keyIndex != null) {
      keyIndex.committed(
          snapshot.snapshotId(), table.snapshot(snapshot.snapshotId()).parentId());
      if (!smallFiles.isEmpty() || expires) {
        keyIndex.forget();
      }
    }
    return new RoundResult(
        descriptor.qualifiedName(),
        true,
        snapshot.snapshotId(),
        next,
        rows.records(),
        written.rows(),
        fetched.bytes(),
        written.files().size(),
        since(started),
        fetched.forceFinished(),
        rawCounts,
        Map.of());
  }

  /**
   * A round with nothing new to index: commits the row TTL's expiry alone when one is due and removes rows, with the
   * offsets as they are; else commits nothing. An empty partition at its accepted start is not recorded: the table's
   * entry records where it starts (see {@link RoundPlan#hasWorkBeyond}).
   *
   * @param next where the table's next round starts each partition: the recorded offsets, else the accepted start;
   *     the result's offsets, from which the table's lag is measured
   * @param bounds the bounds the round planned from: with nothing committed, the result carries their ends, at
   *     which every partition was
   */
  private RoundResult expireOnly(
      long started,
      TableMetadata metadata,
      Long baseSnapshotId,
      LakeOffsets recorded,
      LakeOffsets next,
      Map<Integer, PartitionBounds> bounds) {
    Optional<RowExpiry.Expiry> expiry =
        RoundExpiry.due(descriptor, table, metadata, baseSnapshotId, Instant.now(), roundId);
    if (expiry.isEmpty() || expiry.get().isEmpty()) {
      Map<Integer, Long> ends = new TreeMap<>();
      bounds.forEach((partition, bound) -> ends.put(partition, bound.end()));
      return RoundResult.atEnd(descriptor.qualifiedName(), next, ends, since(started));
    }
    RoundCommit commit = RoundExpiry.with(
        new RoundCommit(
            roundId,
            recorded,
            recorded,
            List.of(),
            Map.of(MinkSnapshot.TOPIC_PROPERTY, descriptor.topic()),
            Optional.empty(),
            Compaction.NONE,
            WrittenDeletes.NONE,
            baseSnapshotId),
        expiry.get());
    MinkSnapshot snapshot = committer.commit(table, commit);
    if (keyIndex != null) {
      keyIndex.forget();
    }
    return new RoundResult(
        descriptor.qualifiedName(),
        true,
        snapshot.snapshotId(),
        recorded,
        0,
        0,
        0,
        0,
        since(started),
        false,
        Map.of(),
        Map.of());
  }

  /** The plan from the recorded offsets, else the accepted start, to Kafka's end offsets now; a gap stops the round. */
  private RoundPlan plan(
      LakeOffsets recorded, AcceptedStart start, Map<Integer, PartitionBounds> bounds) {
    RoundPlan plan = RoundPlanner.plan(recorded, start, bounds);
    if (!plan.gaps().isEmpty()) {
      throw new DataLossException(descriptor.qualifiedName(), descriptor.topic(), plan.gaps());
    }
    LOG.debug(
        "Round {} of {}: {} splits, up to {} records",
        roundId,
        descriptor.qualifiedName(),
        plan.ranges().size(),
        plan.recordsUpperBound());
    return plan;
  }

  /** Reads the plan's splits into the sinks and completes them; on a failure, deletes their files. */
  private RoundFetch.Outcome fetch(
      RoundPlan plan, RowBuilder rows, RoundSinks sinks, UpsertRound upsert) {
    RoundFetch.Outcome fetched;
    try {
      fetched = new RoundFetch(
              consumer,
              descriptor.topic(),
              budget.openFilesPerRound(),
              System::nanoTime,
              deadlineNanos,
              heartbeat)
          .fetch(plan, sinks.batches(rows, upsert));
      sinks.complete();
    } catch (RuntimeException e) {
      sinks.abort();
      throw e;
    } catch (InterruptedException e) {
      sinks.abort();
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
    return fetched;
  }

  private static Duration since(long startedNanos) {
    return Duration.ofNanos(System.nanoTime() - startedNanos);
  }

  /** The round's row builder: keys and values through the registry when one is configured, waiting out outages. */
  private RowBuilder rowBuilder(TableSchema start) {
    MappingOptions options = MinkTableLayout.mappingOptions(descriptor.options());
    RecordParts registryParts = decoder == null
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
    RecordParts parts = ChangeEventParts.of(descriptor.options(), registryParts);
    return new RowBuilder(descriptor.qualifiedName(), start, parts, options);
  }

  /**
   * One sink per split. Files roll at the table's iceberg.write.target-file-size-bytes option when
   * it was given, else at target_file_size, follow the table's partition spec, and are encoded by the
   * budget's encoder where it can write the schema and spec (else by parquet-java).
   */
  private RoundSinks openSinks(RoundPlan plan) {
    long targetFileSize = MinkTableLayout.targetFileSize(descriptor.options(), targetFileSizeBytes);
    Map<Integer, PartitionSink> sinks = new HashMap<>();
    for (PartitionRange range : plan.ranges()) {
      int partition = range.partition();
      sinks.put(
          partition,
          new PartitionSink(
              partition,
              segment -> PartitionFileWriter.open(
                  table,
                  segment.schema(),
                  writerFactory(segment),
                  roundId,
                  partition,
                  targetFileSize,
                  budget.encoder()),
              table.io()));
    }
    return new RoundSinks(sinks, lanes, descriptor.qualifiedName(), roundId);
  }

  /**
   * The round's writer factory for a schema, its column encodings chosen from the rows of the first
   * segment any partition writes under it.
   */
  private FileWriterFactory<BatchRow> writerFactory(RowSegment first) {
    synchronized (writerFactories) {
      return writerFactories.computeIfAbsent(first.schema(), schema -> {
        Map<String, String> sizes = budget.parquetProperties(table.properties());
        Map<String, String> inForce = new HashMap<>(table.properties());
        inForce.putAll(sizes);
        Map<String, String> properties = new HashMap<>(sizes);
        properties.putAll(ColumnEncodings.choose(schema, first.batch(), inForce));
        return PartitionFileWriter.writerFactory(table, schema, properties);
      });
    }
  }
}
