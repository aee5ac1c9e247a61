package io.mink.query.read;

import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;

/**
 * The data files of a snapshot that a read needs, planned once for the whole read with its filter pushed down, and
 * filed under the Kafka partition they hold: by the table's identity partition on {@code _kafka_partition}, else by
 * the file's bounds of that column. A file whose bounds span several partitions, or that has none, is filed under
 * each partition it may hold and filtered by row. A partition's files are read in the order of their lowest Kafka
 * offset, so an append table's lake rows come in offset order.
 */
public final class LakeFiles {
  private final SortedMap<Integer, List<LakeFile>> byPartition;
  private final List<FileScanTask> unplaced;

  private LakeFiles(SortedMap<Integer, List<LakeFile>> byPartition, List<FileScanTask> unplaced) {
    this.byPartition = byPartition;
    this.unplaced = unplaced;
  }

  public static LakeFiles none() {
    return new LakeFiles(new TreeMap<>(), List.of());
  }

  /** The given files of one partition, read in this order: a part of a partition's files read on its own. */
  public static LakeFiles only(int partition, List<LakeFile> files) {
    SortedMap<Integer, List<LakeFile>> byPartition = new TreeMap<>();
    byPartition.put(partition, List.copyOf(files));
    return new LakeFiles(byPartition, List.of());
  }

  /**
   * The files of the snapshot that may hold rows the filter selects.
   *
   * @param partitions the Kafka partitions to read; empty for all
   */
  public static LakeFiles plan(
      Table table, long snapshotId, Expression filter, Collection<Integer> partitions) {
    Expression pushed = partitions.isEmpty()
        ? filter
        : Expressions.and(filter, Expressions.in(KafkaColumns.PARTITION, partitions.toArray()));
    SortedMap<Integer, List<LakeFile>> byPartition = new TreeMap<>();
    List<FileScanTask> unplaced = new ArrayList<>();
    int fieldId = fieldId(table, KafkaColumns.PARTITION);
    int offsetId = fieldId(table, KafkaColumns.OFFSET);
    try (CloseableIterable<FileScanTask> tasks = table
        .newScan()
        .useSnapshot(snapshotId)
        .caseSensitive(false)
        .includeColumnStats(List.of(KafkaColumns.PARTITION, KafkaColumns.OFFSET))
        .filter(pushed)
        .planFiles()) {
      for (FileScanTask task : tasks) {
        Optional<Integer> exact = identityPartition(task, fieldId);
        if (exact.isPresent()) {
          file(byPartition, exact.get(), new LakeFile(task, false));
        } else if (!fileByBounds(byPartition, task, fieldId)) {
          unplaced.add(task);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close the scan of " + table.name(), e);
    }
    Comparator<LakeFile> byOffset = Comparator.comparingLong(
            (LakeFile file) -> lowestOffset(file, offsetId))
        .thenComparing(file -> file.task().file().location());
    byPartition.values().forEach(files -> files.sort(byOffset));
    return new LakeFiles(byPartition, unplaced);
  }

  private static int fieldId(Table table, String column) {
    return table.schemas().values().stream()
        .map(schema -> schema.findField(column))
        .filter(field -> field != null)
        .findFirst()
        .map(Types.NestedField::fieldId)
        .orElse(-1);
  }

  private static long lowestOffset(LakeFile file, int offsetId) {
    Map<Integer, ByteBuffer> lower = file.task().file().lowerBounds();
    if (lower == null || !lower.containsKey(offsetId)) {
      return Long.MAX_VALUE;
    }
    return Conversions.<Long>fromByteBuffer(Types.LongType.get(), lower.get(offsetId));
  }

  /** The files of a partition, with the files whose partition is unknown filtered by row. */
  public List<LakeFile> of(int partition) {
    List<LakeFile> files = new ArrayList<>(byPartition.getOrDefault(partition, List.of()));
    unplaced.forEach(task -> files.add(new LakeFile(task, true)));
    return files;
  }

  /**
   * The files filed so that a read of these partitions reads each file once and whole: a file that may hold rows of
   * several of them is filed under the lowest, and with no filter by row; a file whose partition is unknown under the
   * lowest partition read. For a reader that takes the rows of the read's partitions in any order and applies
   * {@code _kafka_partition} itself, such as the SQL engine, whose splits read the partitions of one read point.
   */
  public LakeFiles readOnce(Collection<Integer> partitions) {
    java.util.SortedSet<Integer> reading = new java.util.TreeSet<>(partitions);
    if (reading.isEmpty()) {
      return none();
    }
    SortedMap<Integer, List<LakeFile>> owned = new TreeMap<>();
    java.util.Set<String> placed = new java.util.HashSet<>();
    byPartition.forEach((partition, files) -> {
      for (LakeFile file : files) {
        if (!file.shared()) {
          file(owned, partition, file);
        } else if (reading.contains(partition) && placed.add(taskKey(file.task()))) {
          file(owned, partition, new LakeFile(file.task(), false));
        }
      }
    });
    unplaced.forEach(task -> file(owned, reading.first(), new LakeFile(task, false)));
    return new LakeFiles(owned, List.of());
  }

  private static String taskKey(FileScanTask task) {
    return task.file().location() + "@" + task.start() + "+" + task.length();
  }

  /** The partitions some file is filed under. */
  public java.util.Set<Integer> partitions() {
    return byPartition.keySet();
  }

  /**
   * The rows of the files, each file counted once, from the manifests alone: each file's record count less the rows
   * its deletion vectors delete. These are the rows of a read of every partition without a filter. Empty when a file
   * has a position delete file or equality deletes, whose rows only a read can tell (a position delete file may name
   * positions of other files, or one position twice), or when a task is a part of its file.
   */
  public OptionalLong rows() {
    java.util.Set<String> counted = new java.util.HashSet<>();
    List<FileScanTask> tasks = new ArrayList<>(unplaced);
    byPartition.values().forEach(files -> files.forEach(file -> tasks.add(file.task())));
    long rows = 0;
    for (FileScanTask task : tasks) {
      if (!counted.add(task.file().location())) {
        continue;
      }
      if (task.start() != 0 || task.length() != task.file().fileSizeInBytes()) {
        return OptionalLong.empty();
      }
      rows += task.file().recordCount();
      for (DeleteFile deletes : task.deletes()) {
        if (deletes.content() != FileContent.POSITION_DELETES
            || deletes.format() != FileFormat.PUFFIN) {
          return OptionalLong.empty();
        }
        rows -= deletes.recordCount();
      }
    }
    return OptionalLong.of(rows);
  }

  public long fileCount() {
    return byPartition.values().stream().mapToLong(List::size).sum() + unplaced.size();
  }

  private static Optional<Integer> identityPartition(FileScanTask task, int fieldId) {
    PartitionSpec spec = task.spec();
    List<PartitionField> fields = spec.fields();
    for (int i = 0; i < fields.size(); i++) {
      PartitionField field = fields.get(i);
      if (field.sourceId() == fieldId && field.transform().isIdentity()) {
        return Optional.ofNullable(task.file().partition().get(i, Integer.class));
      }
    }
    return Optional.empty();
  }

  private static boolean fileByBounds(
      SortedMap<Integer, List<LakeFile>> byPartition, FileScanTask task, int fieldId) {
    DataFile file = task.file();
    Map<Integer, ByteBuffer> lower = file.lowerBounds();
    Map<Integer, ByteBuffer> upper = file.upperBounds();
    if (lower == null
        || upper == null
        || !lower.containsKey(fieldId)
        || !upper.containsKey(fieldId)) {
      return false;
    }
    int low = Conversions.<Integer>fromByteBuffer(Types.IntegerType.get(), lower.get(fieldId));
    int high = Conversions.<Integer>fromByteBuffer(Types.IntegerType.get(), upper.get(fieldId));
    for (int partition = low; partition <= high; partition++) {
      file(byPartition, partition, new LakeFile(task, low != high));
    }
    return true;
  }

  private static void file(
      SortedMap<Integer, List<LakeFile>> byPartition, int partition, LakeFile file) {
    byPartition.computeIfAbsent(partition, p -> new ArrayList<>()).add(file);
  }
}
