package io.mink.indexer.tiering;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.status.RegistryWait;
import io.mink.lake.Compaction;
import io.mink.lake.LakeCommitter;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionFileWriter;
import io.mink.lake.RoundCommit;
import io.mink.lake.SchemaEvolution;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.table.TableSchema;
import io.mink.registry.TableDescriptor;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.function.Consumer;
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
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
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
  private static final Duration POLL = Duration.ofMillis(100);
  private static final Duration METADATA_TIMEOUT = Duration.ofSeconds(30);

  private final TableDescriptor descriptor;
  private final Table table;
  private final KafkaConsumer<byte[], byte[]> consumer;
  private final WriterLanes lanes;
  private final LakeCommitter committer;
  private final long targetFileSizeBytes;
  private final long deadlineNanos;
  private final PartDecoder decoder;
  private final Runnable heartbeat;
  private final Consumer<RegistryWait> registryWaits;
  private final WriterBudget budget;
  private final String roundId = UUID.randomUUID().toString();
  private final Map<Schema, FileWriterFactory<Record>> writerFactories = new IdentityHashMap<>();

  /**
   * @param decoder decodes keys and values through the schema registry; null when none is
   *     configured, and every part keeps its raw bytes
   */
  public TieringRound(
      TableDescriptor descriptor, Table table, KafkaConsumer<byte[], byte[]> consumer, WriterLanes lanes,
      LakeCommitter committer, long targetFileSizeBytes, Duration maxDuration, PartDecoder decoder) {
    this(descriptor, table, consumer, lanes, committer, targetFileSizeBytes, maxDuration, decoder, () -> {},
        wait -> { }, WriterBudget.defaults(1));
  }

  /**
   * @param heartbeat called as the round works: before every fetch and while it waits for the schema
   *     registry; it throws to stop the round, whose files are then deleted and nothing committed
   * @param registryWaits told when the round begins to wait for the schema registry, at each retry, and with null
   *     when the registry answers again
   * @param budget how many files the round keeps open at once and how much each buffers
   */
  public TieringRound(
      TableDescriptor descriptor, Table table, KafkaConsumer<byte[], byte[]> consumer, WriterLanes lanes,
      LakeCommitter committer, long targetFileSizeBytes, Duration maxDuration, PartDecoder decoder,
      Runnable heartbeat, Consumer<RegistryWait> registryWaits, WriterBudget budget) {
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
    LakeOffsets recorded = MinkSnapshot.newest(metadata).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    RoundPlan plan = RoundPlanner.plan(recorded,
        TopicBounds.read(consumer, descriptor.topic(), descriptor.qualifiedName()));
    if (!plan.gaps().isEmpty()) {
      throw new DataLossException(descriptor.qualifiedName(), descriptor.topic(), plan.gaps());
    }
    if (!plan.hasWork()) {
      return RoundResult.nothingNew(descriptor.qualifiedName(), recorded, Duration.ofNanos(System.nanoTime() - started));
    }
    LOG.debug("Round {} of {}: {} splits, up to {} records", roundId, descriptor.qualifiedName(),
        plan.ranges().size(), plan.recordsUpperBound());

    Map<Integer, PartitionSink> sinks = openSinks(plan);
    Map<Integer, Long> reached = new HashMap<>(plan.emptyUnrecorded());
    RoundRows rows = new RoundRows(descriptor.qualifiedName(), TableSchema.of(metadata), decoder,
        MinkTableLayout.mappingOptions(descriptor.options()), () -> {
      heartbeat.run();
      return System.nanoTime();
    }, deadlineNanos, registryWaits);
    boolean forceFinished;
    long[] bytes = new long[1];
    try {
      forceFinished = fetch(plan, sinks, reached, rows, bytes);
      completeAll(sinks);
    } catch (RuntimeException e) {
      abortAll(sinks);
      throw e;
    } catch (InterruptedException e) {
      abortAll(sinks);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Round of " + descriptor.qualifiedName() + " interrupted", e);
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
    LakeOffsets next = recorded.advancedTo(reached);
    Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
    if (next.equals(recorded)) {
      return RoundResult.nothingNew(descriptor.qualifiedName(), recorded, elapsed);
    }
    Map<String, String> summary = new HashMap<>();
    summary.put(MinkSnapshot.TOPIC_PROPERTY, descriptor.topic());
    summary.put(MinkSnapshot.ROUND_ROWS_PROPERTY, Long.toString(rowCount));
    summary.put(MinkSnapshot.FORCE_FINISHED_PROPERTY, Boolean.toString(forceFinished));
    rows.rawCounts().forEach((reason, count) ->
        summary.put(MinkSnapshot.RAW_PROPERTY_PREFIX + reason, Long.toString(count)));
    Optional<SchemaEvolution> evolution = rows.schemaChanged()
        ? Optional.of(new SchemaEvolution(rows.start(), rows.steps(), rows.current()))
        : Optional.empty();
    Compaction compaction = RoundCompaction.enabled(table)
        ? RoundCompaction.run(table, written, targetFileSizeBytes, roundId)
        : Compaction.NONE;
    if (!compaction.isEmpty()) {
      summary.put(MinkSnapshot.COMPACTED_FILES_PROPERTY, Integer.toString(compaction.removed().size()));
    }
    RoundCommit commit = new RoundCommit(roundId, recorded, next, files, summary, evolution, compaction);
    MinkSnapshot snapshot = committer.commit(table, commit);
    return new RoundResult(descriptor.qualifiedName(), true, snapshot.snapshotId(), next, rowCount, bytes[0],
        files.size(), Duration.ofNanos(System.nanoTime() - started), forceFinished, rows.rawCounts());
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
      sinks.put(partition, new PartitionSink(partition, schema -> PartitionFileWriter.open(
          table, schema, writerFactory(schema), roundId, partition, targetFileSize), table.io()));
    }
    return sinks;
  }

  private FileWriterFactory<Record> writerFactory(Schema schema) {
    synchronized (writerFactories) {
      return writerFactories.computeIfAbsent(schema, s -> PartitionFileWriter.writerFactory(table, s,
          budget.parquetProperties(table.properties())));
    }
  }

  /**
   * Reads every split to its end offset, or to the deadline. Returns whether the deadline cut it.
   * At most the budget's files per round are open: the splits are read that many at a time, and a
   * finished split's file is closed before the next split is read.
   */
  private boolean fetch(RoundPlan plan, Map<Integer, PartitionSink> sinks, Map<Integer, Long> reached,
      RoundRows rows, long[] bytes) throws InterruptedException {
    Deque<PartitionRange> waiting = new ArrayDeque<>(plan.ranges());
    Map<TopicPartition, PartitionRange> remaining = new HashMap<>();
    admit(waiting, remaining);
    try {
      while (!remaining.isEmpty()) {
        heartbeat.run();
        if (System.nanoTime() > deadlineNanos) {
          LOG.info("Round {} of {} reached its freshness deadline: committing what {} partitions read so far",
              roundId, descriptor.qualifiedName(), plan.ranges().size());
          return true;
        }
        ConsumerRecords<byte[], byte[]> records = consumer.poll(POLL);
        for (TopicPartition partition : records.partitions()) {
          PartitionRange range = remaining.get(partition);
          if (range == null) {
            continue;
          }
          List<ConsumerRecord<byte[], byte[]>> batch = upTo(records.records(partition), range.to());
          if (batch.isEmpty()) {
            continue;
          }
          RoundRows.Built built = rows.build(batch);
          PartitionSink sink = sinks.get(range.partition());
          for (RowSegment segment : built.segments()) {
            lanes.submit(range.partition(), () -> sink.write(segment));
          }
          for (int i = 0; i < built.records(); i++) {
            bytes[0] += sizeOf(batch.get(i));
          }
          if (built.records() < batch.size()) {
            long stoppedAt = batch.get(built.records()).offset();
            if (stoppedAt > range.from()) {
              reached.put(range.partition(), stoppedAt);
            }
            checkFailures(sinks);
            return true;
          }
        }
        checkFailures(sinks);
        List<TopicPartition> done = new ArrayList<>();
        for (Map.Entry<TopicPartition, PartitionRange> entry : remaining.entrySet()) {
          long position = Math.min(consumer.position(entry.getKey(), METADATA_TIMEOUT), entry.getValue().to());
          if (position > entry.getValue().from()) {
            reached.put(entry.getValue().partition(), position);
          }
          if (position >= entry.getValue().to()) {
            done.add(entry.getKey());
          }
        }
        if (!done.isEmpty()) {
          for (TopicPartition partition : done) {
            PartitionSink sink = sinks.get(remaining.remove(partition).partition());
            lanes.submit(sink.partition(), sink::complete);
          }
          consumer.pause(done);
          admit(waiting, remaining);
        }
      }
      return false;
    } finally {
      consumer.assign(List.of());
    }
  }

  /** Starts reading waiting splits while the round has fewer open files than its budget allows. */
  private void admit(Deque<PartitionRange> waiting, Map<TopicPartition, PartitionRange> remaining) {
    List<PartitionRange> admitted = new ArrayList<>();
    while (remaining.size() < budget.openFilesPerRound() && !waiting.isEmpty()) {
      PartitionRange range = waiting.poll();
      remaining.put(new TopicPartition(descriptor.topic(), range.partition()), range);
      admitted.add(range);
    }
    if (admitted.isEmpty()) {
      return;
    }
    consumer.assign(remaining.keySet());
    for (PartitionRange range : admitted) {
      consumer.seek(new TopicPartition(descriptor.topic(), range.partition()), range.from());
    }
  }

  private static long sizeOf(ConsumerRecord<byte[], byte[]> record) {
    long size = Math.max(0, record.serializedKeySize()) + Math.max(0, record.serializedValueSize());
    for (Header header : record.headers()) {
      size += header.key().length() + (header.value() == null ? 0 : header.value().length);
    }
    return size;
  }

  private static List<ConsumerRecord<byte[], byte[]>> upTo(List<ConsumerRecord<byte[], byte[]>> records, long end) {
    int count = records.size();
    while (count > 0 && records.get(count - 1).offset() >= end) {
      count--;
    }
    return count == records.size() ? records : records.subList(0, count);
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
      LOG.warn("Could not clean up the files of aborted round {} of {}", roundId, descriptor.qualifiedName(), e);
    }
  }

  private void checkFailures(Map<Integer, PartitionSink> sinks) {
    for (PartitionSink sink : sinks.values()) {
      if (sink.failure() != null) {
        throw new IllegalStateException("Cannot write partition " + sink.partition() + " of table "
            + descriptor.qualifiedName() + " to Parquet: " + sink.failure().getMessage(), sink.failure());
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
