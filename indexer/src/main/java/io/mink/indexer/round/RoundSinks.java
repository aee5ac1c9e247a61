package io.mink.indexer.round;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

  /** What the sinks wrote: the data files, the partitions that have any, and the row count. */
  record Written(List<DataFile> files, List<Integer> partitions, long rows) {}

  /** The fetch's batches built into rows by {@code rows} and written on each partition's lane. */
  RoundFetch.Batches batches(RowBuilder rows) {
    return new RoundFetch.Batches() {
      @Override
      public int take(PartitionRange split, List<ConsumerRecord<byte[], byte[]>> batch)
          throws InterruptedException {
        RowBuilder.Built built = rows.build(batch);
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
        return built.records();
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
    List<Integer> partitions = new ArrayList<>();
    long rows = 0;
    for (PartitionSink sink : sinks.values()) {
      files.addAll(sink.files());
      rows += sink.rows();
      if (!sink.files().isEmpty()) {
        partitions.add(sink.partition());
      }
    }
    return new Written(List.copyOf(files), List.copyOf(partitions), rows);
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
