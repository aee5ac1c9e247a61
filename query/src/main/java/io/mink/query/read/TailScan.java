package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.PartitionRange;
import io.mink.indexer.round.RoundFetch;
import io.mink.indexer.round.RoundPlan;
import io.mink.indexer.round.RowBuilder;
import io.mink.indexer.round.RowSegment;
import io.mink.schema.batch.RowBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Reads the Kafka tail of each partition of a read into column batches, decoded exactly as a round decodes them:
 * the round's fetch (read_committed, positions past markers and aborted records) and its row builder, whose schema
 * grows with every schema version met. Partitions are read one after the other; each batch keeps only the columns the
 * read needs.
 */
final class TailScan {
  /** The tail's batches by partition, in offset order, and how many records they hold. */
  record Tails(Map<Integer, List<RowBatch>> byPartition, long records) implements AutoCloseable {
    static Tails empty() {
      return new Tails(new HashMap<>(), 0);
    }

    List<RowBatch> of(int partition) {
      return byPartition.getOrDefault(partition, List.of());
    }

    @Override
    public void close() {
      byPartition.values().forEach(batches -> batches.forEach(RowBatch::close));
    }
  }

  /** Told after each batch of the tail is built. */
  interface Progress {
    void read(int partition, long records);
  }

  private final Consumer<byte[], byte[]> consumer;
  private final String topic;
  private final RowBuilder rows;
  private final Set<String> columns;
  private final long recordsPerPartition;
  private final Progress progress;

  /**
   * @param columns the names of the columns kept; empty for all
   * @param recordsPerPartition stop a partition's tail after this many records (a limit with no filter)
   */
  TailScan(
      Consumer<byte[], byte[]> consumer,
      String topic,
      RowBuilder rows,
      Set<String> columns,
      long recordsPerPartition,
      Progress progress) {
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.rows = requireNonNull(rows, "rows is null");
    this.columns = Set.copyOf(columns);
    this.recordsPerPartition = recordsPerPartition;
    this.progress = requireNonNull(progress, "progress is null");
  }

  Tails read(List<TailRange> ranges) {
    Map<Integer, List<RowBatch>> byPartition = new HashMap<>();
    long records = 0;
    try {
      for (TailRange range : ranges) {
        if (!range.isEmpty()) {
          List<RowBatch> batches = new ArrayList<>();
          byPartition.put(range.partition(), batches);
          records += readPartition(range, batches);
        }
      }
    } catch (RuntimeException e) {
      new Tails(byPartition, records).close();
      throw e;
    }
    return new Tails(byPartition, records);
  }

  private long readPartition(TailRange range, List<RowBatch> batches) {
    PartitionRange split = new PartitionRange(range.partition(), range.from(), range.to());
    Taker taker = new Taker(batches);
    RoundFetch.Outcome outcome;
    try {
      outcome = new RoundFetch(consumer, topic, 1, System::nanoTime, Long.MAX_VALUE, () -> {})
          .fetch(new RoundPlan(List.of(split), List.of(), Map.of()), taker);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw MinkException.interrupted("Reading partition " + range.partition() + " of " + topic, e);
    }
    if (taker.stoppedEarly) {
      long at = outcome.reached().getOrDefault(range.partition(), range.from());
      throw MinkException.external(
          "The schema registry did not answer while reading partition "
              + range.partition() + " of topic " + topic + " at offset " + at
              + ", so the read stopped rather than "
              + "return the records undecoded: check [schema_registry] and that the registry is up, then read again");
    }
    return taker.records;
  }

  /** Builds each fetched batch into rows and keeps them, until the partition has the records it needs. */
  private final class Taker implements RoundFetch.Batches {
    private final List<RowBatch> batches;
    private long records;
    private boolean stoppedEarly;

    Taker(List<RowBatch> batches) {
      this.batches = batches;
    }

    @Override
    public int take(PartitionRange split, List<ConsumerRecord<byte[], byte[]>> batch)
        throws InterruptedException {
      if (records >= recordsPerPartition) {
        return 0;
      }
      RowBuilder.Built built = rows.build(batch);
      for (RowSegment segment : built.segments()) {
        batches.add(
            columns.isEmpty() ? segment.batch() : BatchNormalizer.keep(segment.batch(), columns));
      }
      records += built.records();
      progress.read(split.partition(), built.records());
      if (built.records() < batch.size()) {
        stoppedEarly = true;
      }
      return built.records();
    }

    @Override
    public void finished(PartitionRange split) {}

    @Override
    public void check() {}
  }
}
