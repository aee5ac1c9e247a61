package io.mink.indexer.round;

import io.mink.lake.compaction.Compaction;
import io.mink.lake.compaction.CompactionPlanner;
import io.mink.lake.compaction.SmallFileRewriter;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.util.PropertyUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * lake_auto_compaction: with the table property {@value #PROPERTY} = true, a round rewrites the
 * small files of the Kafka partitions it wrote to ({@link CompactionPlanner}) and replaces them in
 * its own snapshot, leaving alone the files whose rows the round deletes. A compaction that fails is logged and left out; the round's data commits anyway.
 */
final class RoundCompaction {
  static final String PROPERTY = "mink.auto-compaction";
  private static final Logger LOG = LoggerFactory.getLogger(RoundCompaction.class);

  private RoundCompaction() {}

  static boolean enabled(Table table) {
    return PropertyUtil.propertyAsBoolean(table.properties(), PROPERTY, false);
  }

  static Compaction run(
      Table table,
      Collection<Integer> kafkaPartitions,
      long defaultTargetFileSize,
      String roundId,
      Set<String> excluded) {
    if (kafkaPartitions.isEmpty() || table.currentSnapshot() == null) {
      return Compaction.NONE;
    }
    long targetFileSize = PropertyUtil.propertyAsLong(
        table.properties(), TableProperties.WRITE_TARGET_FILE_SIZE_BYTES, defaultTargetFileSize);
    long splitTargetSize = PropertyUtil.propertyAsLong(
        table.properties(), TableProperties.SPLIT_SIZE, TableProperties.SPLIT_SIZE_DEFAULT);
    try {
      List<List<DataFile>> groups = CompactionPlanner.plan(
          filesWithoutDeletes(table, kafkaPartitions, excluded), targetFileSize, splitTargetSize);
      return SmallFileRewriter.rewrite(table, groups, roundId, splitTargetSize);
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot compact the small files of {}; the round commits without compacting, and the next round "
              + "tries again: {}",
          table.name(),
          e.getMessage(),
          e);
      return Compaction.NONE;
    }
  }

  private static List<DataFile> filesWithoutDeletes(
      Table table, Collection<Integer> kafkaPartitions, Set<String> excluded) {
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table
        .newScan()
        .filter(Expressions.in(KafkaColumns.PARTITION, kafkaPartitions.toArray()))
        .includeColumnStats()
        .planFiles()) {
      for (FileScanTask task : tasks) {
        if (task.deletes().isEmpty() && !excluded.contains(task.file().location())) {
          files.add(task.file());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }
}
