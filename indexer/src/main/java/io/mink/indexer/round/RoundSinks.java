package io.mink.indexer.round;

import io.mink.indexer.upsert.UpsertRound;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.iceberg.DataFile;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A round's partition sinks, one per split, each written on its partition's writer lane: they take the
 * fetch's batches as rows, and are completed (or aborted) together at the end of the round.
 */
final class RoundSinks {
  private static final Logger LOG = LoggerFactory.getLogger(TieringRound.class);

  private final Map<Integer, PartitionSink> sinks;
  private final WriterLanes lanes;
  private final String table;
  private final String roundId;

  RoundSinks(Map<Integer, PartitionSink> sinks, WriterLanes lanes, String table, String roundId) {
    this.sinks = Map.copyOf(sinks);
    this.lanes = lanes;
    this.table = table;
    this.roundId = roundId;
  }

  /** What the sinks wrote: the data files, by partition for the partitions that have any, and the row count. */
  record Written(List<DataFile> files, Map<Integer, List<DataFile>> byPartition, long rows) {
    List<Integer> partitions() {
      return List.copyOf(byPartition.keySet());
    }
  }

  /**
   * The fetch's batches built into rows by {@code rows} and written on each partition's lane. An upsert table's
   * batches are folded per key first; when its rows cannot all be built now, none of the batch is taken.
   *
   * @param upsert the round's upsert part; null for an append table
   */
  RoundFetch.Batches batches(RowBuilder rows, UpsertRound upsert) {
    return new RoundFetch.Batches() {
      @Override
      public int take(PartitionRange split, List<ConsumerRecord<ByteBuffer, ByteBuffer>> batch)
          throws InterruptedException {
        RowBuilder.Built built;
        if (upsert == null) {
          built = rows.buildSlices(batch);
        } else {
          List<ConsumerRecord<byte[], byte[]>> records =
              upsert.fold(split.partition(), SliceRecords.copies(batch));
          built = rows.build(records);
          if (built.records() < records.size()) {
            built.segments().forEach(RowSegment::close);
            upsert.undoLastFold(split.partition());
            return 0;
          }
          upsert.markDeletes(split.partition(), built.deletes());
        }
        PartitionSink sink = sinks.get(split.partition());
        List<RowSegment> segments = built.segments();
        for (int i = 0; i < segments.size(); i++) {
          RowSegment segment = segments.get(i);
          try {
            lanes.submit(split.partition(), () -> sink.write(segment));
          } catch (RuntimeException e) {
            segments.subList(i, segments.size()).forEach(RowSegment::close);
            throw e;
          }
        }
        return upsert == null ? built.records() : batch.size();
      }

      @Override
      public void finished(PartitionRange split) {
        PartitionSink sink = sinks.get(split.partition());
        lanes.submit(sink.partition(), sink::complete);
      }

      @Override
      public void check() {
        checkFailures();
      }
    };
  }

  /** Completes every sink and waits for their lanes; throws the first sink's failure. */
  void complete() {
    List<CompletableFuture<Void>> barriers = new ArrayList<>();
    for (PartitionSink sink : sinks.values()) {
      lanes.submit(sink.partition(), sink::complete);
      barriers.add(lanes.barrier(sink.partition()));
    }
    await(barriers);
    checkFailures();
  }

  /** Aborts every sink, deleting its files, and waits for their lanes; a failure is only logged. */
  void abort() {
    List<CompletableFuture<Void>> barriers = new ArrayList<>();
    try {
      for (PartitionSink sink : sinks.values()) {
        lanes.submit(sink.partition(), sink::abort);
        barriers.add(lanes.barrier(sink.partition()));
      }
      await(barriers);
    } catch (RuntimeException e) {
      LOG.warn("Could not clean up the files of aborted round {} of {}", roundId, table, e);
    }
  }

  Written written() {
    List<DataFile> files = new ArrayList<>();
    Map<Integer, List<DataFile>> byPartition = new TreeMap<>();
    long rows = 0;
    for (PartitionSink sink : sinks.values()) {
      files.addAll(sink.files());
      rows += sink.rows();
      if (!sink.files().isEmpty()) {
        byPartition.put(sink.partition(), List.copyOf(sink.files()));
      }
    }
    return new Written(List.copyOf(files), Map.copyOf(byPartition), rows);
  }

  private void checkFailures() {
    for (PartitionSink sink : sinks.values()) {
      if (sink.failure() != null) {
        throw new IllegalStateException(
            "Cannot write partition " + sink.partition() + " of table " + table + " to Parquet: "
                + sink.failure().getMessage(),
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
