package io.mink.query.sql;

import io.mink.query.read.ReadMode;
import io.mink.query.read.ReadPoint;
import io.mink.query.read.ReadProgress;
import io.mink.query.read.ReadRequest;
import io.mink.query.read.ReadResult;
import io.mink.query.read.UnionRead;
import io.mink.schema.batch.ArrowSchemas;
import io.mink.tables.TableDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.Table;
import org.apache.kafka.clients.consumer.Consumer;

/**
 * The scan of one table a statement names, split by Kafka partition: each split is a union read of some partitions at
 * the statement's read point of the table, with its own consumer, read as DuckDB pulls its stream. The tails are read
 * when the scan opens (plan time); the lake files as the batches are taken.
 */
final class TableScan implements AutoCloseable {
  private final List<Split> splits;
  private final long files;
  private final long tailRecords;

  private TableScan(List<Split> splits) {
    this.splits = splits;
    this.files = splits.stream().mapToLong(split -> split.result().lakeFiles()).sum();
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
        .withBatchSize(settings.batchSize());
    return pushdown.limit().isPresent() ? request.withLimit(pushdown.limit().getAsLong()) : request;
  }

  /** The table's read point now: its newest snapshot and every partition's tail to the last stable offset. */
  static ReadPoint point(QueryTables tables, TableDescriptor descriptor, Table table) {
    try (Consumer<byte[], byte[]> consumer = tables.newConsumer()) {
      return new UnionRead(table, descriptor, consumer, tables.decoder(), ReadProgress.NONE)
          .point(ReadRequest.of(ReadMode.union));
    }
  }

  /** Opens the splits of the table's partitions the pushdown keeps, at most {@code splits} of them. */
  static TableScan open(
      QueryTables tables,
      TableDescriptor descriptor,
      Table table,
      ReadPoint point,
      Pushdown pushdown,
      ReadRequest request,
      int splitCount) {
    Set<Integer> partitions = new TreeSet<>(point.tails().keySet());
    pushdown.partitions().ifPresent(partitions::retainAll);
    List<Set<Integer>> groups = groups(partitions, splitCount);
    List<Split> splits = new ArrayList<>();
    try {
      for (Set<Integer> group : groups) {
        Consumer<byte[], byte[]> consumer = tables.newConsumer();
        try {
          UnionRead read = new UnionRead(
              table,
              descriptor,
              consumer,
              tables.decoder(),
              ReadProgress.NONE,
              UnionRead.TAIL_MEMORY_BYTES / groups.size());
          splits.add(
              new Split(group, read.read(request.withPartitions(group).at(point)), consumer));
        } catch (RuntimeException e) {
          consumer.close();
          throw e;
        }
      }
      return new TableScan(splits);
    } catch (RuntimeException e) {
      splits.forEach(TableScan::close);
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

  long files() {
    return files;
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
    splits.forEach(TableScan::close);
  }

  private static void close(Split split) {
    try {
      split.result().close();
    } finally {
      split.consumer().close();
    }
  }
}
