package io.mink.query.read;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.indexer.round.RowBuilder;
import io.mink.indexer.round.RowSegment;
import io.mink.schema.batch.RowBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Reads the Kafka tail of each partition of a read into column batches, decoded exactly as a round decodes them: the
 * round's row builder, whose schema grows with every schema version met, over records read under read_committed.
 * Partitions are read one after the other; each batch keeps only the columns the read needs. The batches are kept
 * while they fit in the memory given; past it, a partition's batches are let go and only its schema versions are
 * taken, and the partition is read from Kafka again as its rows are taken ({@link TailStream}).
 */
final class TailScan {
  /**
   * The tail's batches by partition, in offset order, the partitions to read again, how many records the tails
   * hold, and, for an upsert table's union read, each partition's last change per key.
   */
  record Tails(
      Map<Integer, List<RowBatch>> byPartition,
      Set<Integer> reread,
      long records,
      Map<Integer, TailChanges> changes)
      implements AutoCloseable {
    static Tails empty() {
      return new Tails(new HashMap<>(), Set.of(), 0, Map.of());
    }

    /** The partition's batches, which the caller now owns. */
    List<RowBatch> take(int partition) {
      List<RowBatch> batches = byPartition.remove(partition);
      return batches == null ? List.of() : batches;
    }

    /** What the read does to the partition's rows: the merge by key when the tail was folded, else nothing. */
    RowMerge merge(int partition) {
      TailChanges partitionChanges = changes.get(partition);
      return partitionChanges == null ? RowMerge.NONE : new KeyMerge(partitionChanges);
    }

    @Override
    public void close() {
      byPartition.values().forEach(batches -> batches.forEach(RowBatch::close));
      byPartition.clear();
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
  private final long memoryBytes;
  private final Progress progress;
  private final TailDeletes deletes;
  private long heldBytes;
  private long keyBytes;

  /**
   * @param columns the names of the columns kept, in lower case; empty for all
   * @param recordsPerPartition stop a partition's tail after this many records (a limit with no filter)
   * @param memoryBytes how many bytes of batches, and of keys changed, are kept before partitions are read again
   *     instead; the keys alone past it stop the read
   * @param deletes for an upsert table's union read, which records delete their key: each partition's tail is then
   *     folded to its last change per key; empty to read the records as they are
   */
  TailScan(
      Consumer<byte[], byte[]> consumer,
      String topic,
      RowBuilder rows,
      Set<String> columns,
      long recordsPerPartition,
      long memoryBytes,
      Progress progress,
      Optional<TailDeletes> deletes) {
    this.consumer = requireNonNull(consumer, "consumer is null");
    this.topic = requireNonNull(topic, "topic is null");
    this.rows = requireNonNull(rows, "rows is null");
    this.columns = Set.copyOf(columns);
    this.recordsPerPartition = recordsPerPartition;
    this.memoryBytes = memoryBytes;
    this.progress = requireNonNull(progress, "progress is null");
    this.deletes = deletes.orElse(null);
  }

  Tails read(List<TailRange> ranges) {
    Map<Integer, List<RowBatch>> byPartition = new HashMap<>();
    Set<Integer> reread = new HashSet<>();
    Map<Integer, TailChanges> changes = new HashMap<>();
    long records = 0;
    try {
      for (TailRange range : ranges) {
        if (!range.isEmpty()) {
          List<RowBatch> batches = new ArrayList<>();
          byPartition.put(range.partition(), batches);
          TailChanges partitionChanges = deletes == null ? null : new TailChanges();
          records += readPartition(range, batches, reread, partitionChanges);
          if (partitionChanges != null) {
            changes.put(range.partition(), partitionChanges);
          }
        }
      }
    } catch (RuntimeException e) {
      new Tails(byPartition, reread, records, changes).close();
      throw e;
    }
    return new Tails(byPartition, reread, records, changes);
  }

  /**
   * Reads a partition's tail into {@code batches}, or only its schemas once the memory is spent, and folds its
   * records into {@code changes} when they are given.
   */
  private long readPartition(
      TailRange range, List<RowBatch> batches, Set<Integer> reread, TailChanges changes) {
    TailFetch fetch = new TailFetch(consumer, topic, range);
    long records = 0;
    for (List<ConsumerRecord<byte[], byte[]>> fetched = fetch.next();
        !fetched.isEmpty() && records < recordsPerPartition;
        fetched = fetch.next()) {
      List<Integer> deleting = new ArrayList<>();
      for (RowBatch batch : build(rows, fetched, columns, topic, deleting)) {
        keep(range.partition(), batch, batches, reread);
      }
      if (changes != null) {
        fold(fetched, deleting, changes);
      }
      records += fetched.size();
      progress.read(range.partition(), fetched.size());
    }
    return records;
  }

  private void keep(int partition, RowBatch batch, List<RowBatch> batches, Set<Integer> reread) {
    if (reread.contains(partition)) {
      batch.close();
      return;
    }
    long size = allocatedBytes(batch);
    if (heldBytes + keyBytes + size > memoryBytes) {
      reread.add(partition);
      heldBytes -= batches.stream().mapToLong(TailScan::allocatedBytes).sum();
      batches.forEach(RowBatch::close);
      batches.clear();
      batch.close();
      return;
    }
    heldBytes += size;
    batches.add(batch);
  }

  /**
   * Adds the records' changes to the partition's, in offset order.
   *
   * @throws MinkException when the keys the tails changed take more than the memory given
   */
  private void fold(
      List<ConsumerRecord<byte[], byte[]>> records, List<Integer> deleting, TailChanges changes) {
    long before = changes.bytes();
    int next = 0;
    for (int i = 0; i < records.size(); i++) {
      ConsumerRecord<byte[], byte[]> record = records.get(i);
      boolean changeEventDelete = next < deleting.size() && deleting.get(next) == i;
      if (changeEventDelete) {
        next++;
      }
      changes.add(record.key(), record.offset(), changeEventDelete || deletes.deletes(record));
    }
    keyBytes += changes.bytes() - before;
    if (keyBytes > memoryBytes) {
      ConsumerRecord<byte[], byte[]> last = records.get(records.size() - 1);
      throw MinkException.conflict("Cannot merge the Kafka tail of topic " + topic
          + " by key: the keys it changed take more than "
          + "the read's tail memory of " + size(memoryBytes) + " (UnionRead.TAIL_MEMORY_BYTES), "
          + changes.keys() + " keys in partition " + last.partition() + " by offset "
          + last.offset()
          + ". Read fewer partitions with --partitions, read the last round's rows with "
          + "--mode lake, or read again once the sidecar has tiered the tail");
    }
  }

  private static String size(long bytes) {
    return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
  }

  /** The Arrow memory the batch's vectors hold, children included: what holding it costs, not its values' size. */
  static long allocatedBytes(RowBatch batch) {
    long bytes = 0;
    for (FieldVector vector : batch.root().getFieldVectors()) {
      for (ArrowBuf buffer : vector.getBuffers(false)) {
        bytes += buffer.capacity();
      }
    }
    return bytes;
  }

  /**
   * The records as rows, in segments of one schema, keeping the columns named.
   *
   * @throws MinkException when the schema registry did not answer in time: a read never returns records undecoded
   *     for an outage
   */
  static List<RowBatch> build(
      RowBuilder rows,
      List<ConsumerRecord<byte[], byte[]>> records,
      Set<String> columns,
      String topic) {
    return build(rows, records, columns, topic, new ArrayList<>());
  }

  /**
   * The records' rows, as {@link #build(RowBuilder, List, Set, String)} builds them; the positions of the records
   * that delete their key instead of being rows (change events' deletes) are added to {@code deleting}.
   */
  static List<RowBatch> build(
      RowBuilder rows,
      List<ConsumerRecord<byte[], byte[]>> records,
      Set<String> columns,
      String topic,
      List<Integer> deleting) {
    RowBuilder.Built built;
    try {
      built = rows.build(records);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw MinkException.interrupted("Reading topic " + topic, e);
    }
    deleting.addAll(built.deletes());
    List<RowBatch> batches = new ArrayList<>();
    for (RowSegment segment : built.segments()) {
      batches.add(
          columns.isEmpty() ? segment.batch() : BatchNormalizer.keep(segment.batch(), columns));
    }
    if (built.records() < records.size()) {
      batches.forEach(RowBatch::close);
      ConsumerRecord<byte[], byte[]> at = records.get(built.records());
      throw MinkException.external(
          "The schema registry did not answer while reading partition " + at.partition()
              + " of topic " + topic + " at offset " + at.offset()
              + ", so the read stopped rather than return the "
              + "records undecoded: check [schema_registry] and that the registry is up, then read again");
    }
    return batches;
  }
}
