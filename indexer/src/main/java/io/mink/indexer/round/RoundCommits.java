package io.mink.indexer.round;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.commit.SchemaEvolution;
import io.mink.lake.compaction.Compaction;
import io.mink.lake.write.deletes.WrittenDeletes;
import io.mink.schema.table.SchemaStep;
import io.mink.schema.table.TableSchema;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.DataFile;

/** The commit step's description of a round, made from what its other steps produced; pure. */
final class RoundCommits {
  private RoundCommits() {}

  /**
   * What the round commits, for {@link io.mink.lake.LakeCommitter}.
   *
   * @param startSchema the table schema the round started from; {@code steps} lead from it to {@code endSchema}
   * @param rawCounts parts left raw, by part and reason, such as value.undecodable-bytes
   * @param deletes the rows of earlier files an upsert table's round deletes
   */
  static RoundCommit describe(
      String roundId,
      String topic,
      LakeOffsets recorded,
      LakeOffsets next,
      List<DataFile> files,
      long rows,
      boolean forceFinished,
      TableSchema startSchema,
      List<SchemaStep> steps,
      TableSchema endSchema,
      Map<String, Long> rawCounts,
      Compaction compaction,
      WrittenDeletes deletes,
      Long baseSnapshotId) {
    Map<String, String> summary = new HashMap<>();
    summary.put(MinkSnapshot.TOPIC_PROPERTY, topic);
    summary.put(MinkSnapshot.ROUND_ROWS_PROPERTY, Long.toString(rows));
    summary.put(MinkSnapshot.FORCE_FINISHED_PROPERTY, Boolean.toString(forceFinished));
    rawCounts.forEach((reason, count) ->
        summary.put(MinkSnapshot.RAW_PROPERTY_PREFIX + reason, Long.toString(count)));
    if (!compaction.isEmpty()) {
      summary.put(
          MinkSnapshot.COMPACTED_FILES_PROPERTY,
          Integer.toString(compaction.removed().size()));
    }
    if (!deletes.isEmpty()) {
      summary.put(MinkSnapshot.DELETED_ROWS_PROPERTY, Long.toString(deletes.rows()));
    }
    Optional<SchemaEvolution> evolution = steps.isEmpty()
        ? Optional.empty()
        : Optional.of(new SchemaEvolution(startSchema, steps, endSchema));
    return new RoundCommit(
        roundId, recorded, next, files, summary, evolution, compaction, deletes, baseSnapshotId);
  }
}
