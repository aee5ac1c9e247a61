package io.mink.lake.ttl;

import static java.util.Objects.requireNonNull;

import io.mink.lake.compaction.Compaction;
import io.mink.lake.compaction.DeletedRowsRewriter;
import io.mink.lake.history.OffsetRanges;
import io.mink.lake.history.OffsetRanges.Range;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.BaseDeleteLoader;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.deletes.PositionDeleteIndex;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;

/**
 * Plans and writes a row TTL expiry of one table snapshot (docs/operations.md, "Row TTL"): the rows whose
 * {@code _kafka_timestamp} is before the cutoff leave the lake. A file whose timestamp statistics are all before it
 * is removed whole; a file with some expired rows is rewritten without them (and without the rows its position
 * deletes already delete), so readers need no delete file; a file with equality deletes (never Mink's) is left
 * alone. Nothing is committed here: the result goes into a round's commit, fenced like the round.
 */
public final class RowExpiry {
  private RowExpiry() {}

  /**
   * What an expiry removes and writes.
   *
   * @param compaction the files it removes and the rewritten files that replace some of them
   * @param record every offset the TTL removed so far, this expiry's included ({@link ExpiredOffsets})
   * @param rows how many rows this expiry removed
   * @param cutoffMillis the _kafka_timestamp, in epoch milliseconds, below which rows were removed
   */
  public record Expiry(Compaction compaction, OffsetRanges record, long rows, long cutoffMillis) {
    public Expiry {
      requireNonNull(compaction, "compaction is null");
      requireNonNull(record, "record is null");
    }

    public boolean isEmpty() {
      return compaction.isEmpty();
    }
  }

  /**
   * The expiry of the snapshot's rows older than {@code cutoffMillis}; its rewritten files are written, and the
   * caller deletes them when its commit fails.
   *
   * @param before the TTL's record so far
   * @param operationId unique per expiry, in the names of the files it writes
   */
  public static Expiry plan(
      Table table, long snapshotId, long cutoffMillis, OffsetRanges before, String operationId) {
    Schema schema = table.schemas().get(table.snapshot(snapshotId).schemaId());
    if (schema == null) {
      schema = table.schema();
    }
    long cutoffMicros = Math.multiplyExact(cutoffMillis, 1000L);
    DeleteLoader loader = new BaseDeleteLoader(file -> table.io().newInputFile(file));
    Plan plan = new Plan();
    List<DataFile> written = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks =
        table.newScan().useSnapshot(snapshotId).planFiles()) {
      int sequence = 0;
      for (FileScanTask task : tasks) {
        expire(table, schema, task, cutoffMicros, loader, plan, operationId + "-" + sequence++);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan the row expiry of " + table.name(), e);
    } catch (RuntimeException e) {
      written.addAll(plan.added);
      written.forEach(file -> table.io().deleteFile(file.location()));
      throw e;
    }
    OffsetRanges record = plan.removedRows == 0
        ? before
        : ExpiredOffsets.merge(before, plan.removedRanges(), plan.kept);
    return new Expiry(
        new Compaction(plan.removed, plan.added), record, plan.removedRows, cutoffMillis);
  }

  private static void expire(
      Table table,
      Schema schema,
      FileScanTask task,
      long cutoffMicros,
      DeleteLoader loader,
      Plan plan,
      String operationId) {
    DataFile file = task.file();
    boolean equalityDeletes = task.deletes().stream()
        .anyMatch(delete -> delete.content() == FileContent.EQUALITY_DELETES);
    FileExpiry expiry = FileExpiry.of(file, schema, cutoffMicros);
    Integer partition = singlePartition(file, schema);
    Type offsetType = schema.findType(offsetId(schema));
    Long first = FileExpiry.bound(file.lowerBounds(), offsetId(schema), offsetType);
    Long last = FileExpiry.bound(file.upperBounds(), offsetId(schema), offsetType);
    boolean statsTell = partition != null && first != null && last != null;
    if (expiry == FileExpiry.KEPT || equalityDeletes) {
      if (statsTell) {
        plan.keep(partition, first, last);
        return;
      }
      if (expiry == FileExpiry.KEPT) {
        keepAllRows(table, schema, task, loader, plan);
        return;
      }
      return;
    }
    if (expiry == FileExpiry.EXPIRED && statsTell && task.deletes().isEmpty()) {
      plan.removed.add(file);
      plan.removedRows += file.recordCount();
      plan.removedRange(partition, first, last + 1);
      return;
    }
    FileRows rows = FileRows.read(table, schema, task, loader, cutoffMicros);
    if (rows.expiredPositions().isEmpty() || rows.keptByPartition().size() > 1) {
      // a file shared by Kafka partitions (another writer's) with rows that stay is left whole
      rows.keptByPartition().forEach((p, range) -> plan.keep(p, range.from(), range.to() - 1));
      return;
    }
    plan.removed.add(file);
    plan.removedRows += rows.expiredPositions().size();
    rows.expiredOffsets().forEach(plan::removedOffsets);
    if (rows.keptByPartition().isEmpty()) {
      return;
    }
    rows.keptByPartition().forEach((p, range) -> plan.keep(p, range.from(), range.to() - 1));
    int kafkaPartition = rows.keptByPartition().keySet().iterator().next();
    DeletedRowsRewriter.Rewritten rewritten = DeletedRowsRewriter.rewrite(
        table,
        List.of(file),
        data -> position ->
            rows.expiredPositions().contains(position) || rows.deleted().isDeleted(position),
        kafkaPartition,
        operationId);
    if (rewritten.file() != null) {
      plan.added.add(rewritten.file());
    }
  }

  private static void keepAllRows(
      Table table, Schema schema, FileScanTask task, DeleteLoader loader, Plan plan) {
    FileRows rows = FileRows.read(table, schema, task, loader, Long.MIN_VALUE);
    rows.keptByPartition().forEach((p, range) -> plan.keep(p, range.from(), range.to() - 1));
  }

  private static int offsetId(Schema schema) {
    return schema.findField(KafkaColumns.OFFSET).fieldId();
  }

  /** The file's one Kafka partition by its statistics; null when they do not say or it has rows of several. */
  private static Integer singlePartition(DataFile file, Schema schema) {
    int id = schema.findField(KafkaColumns.PARTITION).fieldId();
    Type type = schema.findType(id);
    Long lower = FileExpiry.bound(file.lowerBounds(), id, type);
    Long upper = FileExpiry.bound(file.upperBounds(), id, type);
    return lower != null && lower.equals(upper) ? lower.intValue() : null;
  }

  /** What an expiry has planned so far. */
  private static final class Plan {
    final List<DataFile> removed = new ArrayList<>();
    final List<DataFile> added = new ArrayList<>();
    final Map<Integer, List<Range>> kept = new HashMap<>();
    final Map<Integer, List<Range>> removedRanges = new TreeMap<>();
    long removedRows;

    void keep(int partition, long first, long last) {
      kept.computeIfAbsent(partition, p -> new ArrayList<>()).add(new Range(first, last + 1));
    }

    void removedRange(int partition, long from, long to) {
      removedRanges.computeIfAbsent(partition, p -> new ArrayList<>()).add(new Range(from, to));
    }

    void removedOffsets(int partition, long[] sortedOffsets) {
      int i = 0;
      while (i < sortedOffsets.length) {
        int j = i;
        while (j + 1 < sortedOffsets.length && sortedOffsets[j + 1] <= sortedOffsets[j] + 1) {
          j++;
        }
        removedRange(partition, sortedOffsets[i], sortedOffsets[j] + 1);
        i = j + 1;
      }
    }

    OffsetRanges removedRanges() {
      return new OffsetRanges(new TreeMap<>(removedRanges));
    }
  }

  /**
   * A data file's live rows read against the cutoff.
   *
   * @param expiredPositions the positions of the live rows before the cutoff
   * @param expiredOffsets per partition, the sorted offsets of those rows
   * @param keptByPartition per partition, {@code [first, last + 1)} of the live rows that stay
   * @param deleted the rows the file's position deletes delete already
   */
  private record FileRows(
      java.util.Set<Long> expiredPositions,
      Map<Integer, long[]> expiredOffsets,
      Map<Integer, Range> keptByPartition,
      PositionDeleteIndex deleted) {
    static FileRows read(
        Table table, Schema schema, FileScanTask task, DeleteLoader loader, long cutoffMicros) {
      List<DeleteFile> positional = task.deletes().stream()
          .filter(delete -> delete.content() == FileContent.POSITION_DELETES)
          .toList();
      PositionDeleteIndex deleted = positional.isEmpty()
          ? PositionDeleteIndex.empty()
          : loader.loadPositionDeletes(positional, task.file().location());
      Schema read = TypeUtil.join(
          schema.select(KafkaColumns.PARTITION, KafkaColumns.OFFSET, KafkaColumns.TIMESTAMP),
          new Schema(MetadataColumns.ROW_POSITION));
      java.util.Set<Long> expired = new java.util.HashSet<>();
      Map<Integer, long[]> expiredOffsets = new TreeMap<>();
      Map<Integer, Integer> counts = new HashMap<>();
      Map<Integer, Range> kept = new TreeMap<>();
      try (CloseableIterable<Record> rows = Parquet.read(
              table.io().newInputFile(task.file().location()))
          .project(read)
          .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(read, fileSchema))
          .build()) {
        for (Record row : rows) {
          long position = (Long) row.getField(MetadataColumns.ROW_POSITION.name());
          if (deleted.isDeleted(position)) {
            continue;
          }
          int partition = (Integer) row.getField(KafkaColumns.PARTITION);
          long offset = (Long) row.getField(KafkaColumns.OFFSET);
          OffsetDateTime timestamp = (OffsetDateTime) row.getField(KafkaColumns.TIMESTAMP);
          if (timestamp != null && micros(timestamp) < cutoffMicros) {
            expired.add(position);
            long[] offsets = expiredOffsets.computeIfAbsent(partition, p -> new long[16]);
            int count = counts.merge(partition, 1, Integer::sum);
            if (count > offsets.length) {
              offsets = Arrays.copyOf(offsets, offsets.length * 2);
              expiredOffsets.put(partition, offsets);
            }
            offsets[count - 1] = offset;
          } else {
            kept.merge(
                partition,
                new Range(offset, offset + 1),
                (a, b) -> new Range(Math.min(a.from(), b.from()), Math.max(a.to(), b.to())));
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(
            "Cannot read data file " + task.file().location() + " for the row TTL", e);
      }
      Map<Integer, long[]> sorted = new TreeMap<>();
      expiredOffsets.forEach((partition, offsets) -> {
        long[] exact = Arrays.copyOf(offsets, counts.get(partition));
        Arrays.sort(exact);
        sorted.put(partition, exact);
      });
      return new FileRows(expired, sorted, kept, deleted);
    }

    private static long micros(OffsetDateTime timestamp) {
      return ChronoUnit.MICROS.between(java.time.Instant.EPOCH, timestamp.toInstant());
    }
  }
}
