package io.mink.indexer.round;

import io.mink.indexer.upsert.UpsertRound;
import io.mink.lake.write.deletes.CurrentDeletes;
import io.mink.lake.write.deletes.DeleteFilesWriter;
import io.mink.lake.write.deletes.DeletedRows;
import io.mink.lake.write.deletes.WrittenDeletes;
import io.mink.schema.KafkaColumns;
import java.util.HashSet;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableUtil;
import org.apache.iceberg.expressions.Expressions;

/** The delete step of an upsert table's round: the rows its changes replace, written as delete files. */
final class RoundDeletes {
  private RoundDeletes() {}

  /**
   * Resolves the round's changes against the key index and writes their deletes; a format 3 table's deletion
   * vectors merge the deletes the base snapshot has for the same data files.
   *
   * @param baseSnapshotId the table's current snapshot when the round began; null when it had none
   */
  static WrittenDeletes write(
      Table table,
      Long baseSnapshotId,
      UpsertRound upsert,
      RoundSinks.Written written,
      String roundId) {
    DeletedRows rows = upsert.resolve(table, written.byPartition());
    if (rows.isEmpty()) {
      return WrittenDeletes.NONE;
    }
    CurrentDeletes current = CurrentDeletes.NONE;
    if (baseSnapshotId != null && TableUtil.formatVersion(table) >= 3) {
      Set<String> locations = new HashSet<>();
      rows.files().forEach(file -> locations.add(file.file().location()));
      current = CurrentDeletes.of(
          table,
          baseSnapshotId,
          Expressions.in(KafkaColumns.PARTITION, upsert.partitions().toArray()),
          locations);
    }
    return DeleteFilesWriter.write(table, rows, current, roundId);
  }

  /** The data files whose rows the deletes delete, which a compaction in the same round must leave alone. */
  static Set<String> touchedFiles(WrittenDeletes deletes) {
    return Set.copyOf(deletes.referencedDataFiles());
  }
}
