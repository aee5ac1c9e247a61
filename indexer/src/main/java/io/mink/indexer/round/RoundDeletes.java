package io.mink.indexer.round;

import io.mink.indexer.upsert.UpsertCompaction;
import io.mink.indexer.upsert.UpsertRound;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.compaction.Compaction;
import io.mink.lake.write.deletes.CurrentDeletes;
import io.mink.lake.write.deletes.DeleteFilesWriter;
import io.mink.lake.write.deletes.DeletedRows;
import io.mink.lake.write.deletes.WrittenDeletes;
import io.mink.schema.KafkaColumns;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.util.PropertyUtil;

/**
 * The delete step of an upsert table's round: the rows its changes replace, the small lake files and those that then
 * hold too many deleted rows rewritten without them, and the other deletes written as delete files.
 */
final class RoundDeletes {
  private RoundDeletes() {}

  /**
   * What the step commits with the round's files.
   *
   * @param deletes the delete files to add and those to remove
   * @param compaction the lake files rewritten without their deleted rows
   */
  record Upserted(WrittenDeletes deletes, Compaction compaction) {
    static final Upserted NONE = new Upserted(WrittenDeletes.NONE, Compaction.NONE);

    /** The data files a small-file compaction in the same round must leave alone. */
    Set<String> touchedFiles() {
      Set<String> touched = new HashSet<>(deletes.referencedDataFiles());
      compaction.removed().forEach(file -> touched.add(file.location()));
      return touched;
    }
  }

  /**
   * Resolves the round's changes against the key index, compacts, and writes the deletes; a format 3 table's
   * deletion vectors merge the deletes the base snapshot has for the same data files.
   *
   * @param baseSnapshotId the table's current snapshot when the round began; null when it had none
   * @param tableOptions the table's options, which set the fraction of deleted rows that rewrites a file
   * @param rewriteThreads how many groups of files the compaction rewrites at once: the writer lanes, idle by now
   */
  static Upserted write(
      Table table,
      Long baseSnapshotId,
      UpsertRound upsert,
      RoundSinks.Written written,
      Map<String, String> tableOptions,
      long targetFileSizeBytes,
      int rewriteThreads,
      String roundId) {
    DeletedRows rows = upsert.resolve(table, written.byPartition());
    if (baseSnapshotId == null || upsert.partitions().isEmpty()) {
      return new Upserted(
          DeleteFilesWriter.write(table, rows, CurrentDeletes.NONE, roundId), Compaction.NONE);
    }
    CurrentDeletes current = CurrentDeletes.of(
        table,
        baseSnapshotId,
        Expressions.in(KafkaColumns.PARTITION, upsert.partitions().toArray()));
    UpsertCompaction.Result compacted = upsert.compact(
        table,
        rows,
        current,
        MinkTableLayout.compactDeletedFraction(tableOptions),
        MinkTableLayout.targetFileSize(tableOptions, targetFileSizeBytes),
        PropertyUtil.propertyAsLong(
            table.properties(), TableProperties.SPLIT_SIZE, TableProperties.SPLIT_SIZE_DEFAULT),
        rewriteThreads,
        roundId);
    WrittenDeletes deletes;
    try {
      deletes = DeleteFilesWriter.write(table, rows, current, roundId);
    } catch (RuntimeException e) {
      compacted.compaction().added().forEach(file -> table.io().deleteFile(file.location()));
      throw e;
    }
    return new Upserted(deletes.alsoRemoving(compacted.droppedDeletes()), compacted.compaction());
  }
}
