package io.mink.lake.compaction;

import io.mink.schema.KafkaColumns;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;

/**
 * Which small files to rewrite (docs/layout.md, "Compaction"): per table partition and Kafka
 * partition, in offset order, runs of consecutive files below the target file size, grouped up to
 * the split target size; a group of at least {@value #MIN_FILES} files is rewritten into files of
 * the split target size. A group never spans a large file, so a rewritten file holds one contiguous
 * offset range. Files whose statistics do not show one Kafka partition are left alone. Pure.
 */
public final class CompactionPlanner {
  public static final int MIN_FILES = 3;

  private static final int PARTITION_FIELD_ID =
      KafkaColumns.SCHEMA.findField(KafkaColumns.PARTITION).fieldId();
  private static final int OFFSET_FIELD_ID =
      KafkaColumns.SCHEMA.findField(KafkaColumns.OFFSET).fieldId();

  private CompactionPlanner() {}

  /**
   * The groups of files to rewrite, each into files of the split target size.
   *
   * @param files every data file of the partitions to look at, with no delete files against them
   * @param targetFileSizeBytes files at or above this size are left alone
   * @param splitTargetSizeBytes the most bytes of input one group holds
   */
  public static List<List<DataFile>> plan(
      Collection<DataFile> files, long targetFileSizeBytes, long splitTargetSizeBytes) {
    Map<String, List<DataFile>> byPartition = new TreeMap<>();
    for (DataFile file : files) {
      OptionalInt kafkaPartition = kafkaPartition(file);
      if (kafkaPartition.isPresent()) {
        String key = file.specId() + "/" + file.partition() + "/" + kafkaPartition.getAsInt();
        byPartition.computeIfAbsent(key, k -> new ArrayList<>()).add(file);
      }
    }
    List<List<DataFile>> groups = new ArrayList<>();
    for (List<DataFile> partitionFiles : byPartition.values()) {
      partitionFiles.sort(Comparator.comparingLong(CompactionPlanner::firstOffset)
          .thenComparing(DataFile::location));
      List<DataFile> group = new ArrayList<>();
      long groupBytes = 0;
      for (DataFile file : partitionFiles) {
        boolean small = file.fileSizeInBytes() < targetFileSizeBytes;
        if (!small
            || (!group.isEmpty() && groupBytes + file.fileSizeInBytes() > splitTargetSizeBytes)) {
          keepIfLargeEnough(group, groups);
          group = new ArrayList<>();
          groupBytes = 0;
        }
        if (small) {
          group.add(file);
          groupBytes += file.fileSizeInBytes();
        }
      }
      keepIfLargeEnough(group, groups);
    }
    return groups;
  }

  private static void keepIfLargeEnough(List<DataFile> group, List<List<DataFile>> groups) {
    if (group.size() >= MIN_FILES) {
      groups.add(List.copyOf(group));
    }
  }

  /** The Kafka partition of every row of the file, by its statistics; empty when they do not show one. */
  public static OptionalInt kafkaPartition(DataFile file) {
    ByteBuffer lower =
        file.lowerBounds() == null ? null : file.lowerBounds().get(PARTITION_FIELD_ID);
    ByteBuffer upper =
        file.upperBounds() == null ? null : file.upperBounds().get(PARTITION_FIELD_ID);
    if (lower == null || !lower.equals(upper)) {
      return OptionalInt.empty();
    }
    return OptionalInt.of(Conversions.<Integer>fromByteBuffer(Types.IntegerType.get(), lower));
  }

  /** The file's lowest Kafka offset, from its column statistics; files without them sort first. */
  static long firstOffset(DataFile file) {
    Map<Integer, ByteBuffer> lowerBounds = file.lowerBounds();
    ByteBuffer bound = lowerBounds == null ? null : lowerBounds.get(OFFSET_FIELD_ID);
    return bound == null
        ? Long.MIN_VALUE
        : Conversions.<Long>fromByteBuffer(Types.LongType.get(), bound);
  }
}
