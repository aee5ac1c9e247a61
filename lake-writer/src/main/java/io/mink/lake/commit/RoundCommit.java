package io.mink.lake.commit;

import static java.util.Objects.requireNonNull;

import io.mink.lake.LakeOffsets;
import io.mink.lake.compaction.Compaction;
import io.mink.lake.write.deletes.WrittenDeletes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.DataFile;

/**
 * What one tiering round commits: its files and the offsets it moves the table from and to.
 *
 * @param roundId unique per round; stored as mink-round so an unknown commit state can be resolved
 * @param startOffsets the offsets of the newest Mink snapshot when the round was planned
 * @param endOffsets the next offsets to read after this round, every partition the table has
 * @param schemaEvolution the schema changes the round's files need, committed with them
 * @param compaction small files the round rewrote, replaced in the round's own snapshot
 * @param deletes the rows of earlier files the round deletes (an upsert table's replaced and deleted keys)
 * @param baseSnapshotId the table's current snapshot when the round began, from which a round with deletes is
 *     validated; null when the table had none
 */
public record RoundCommit(
    String roundId,
    LakeOffsets startOffsets,
    LakeOffsets endOffsets,
    List<DataFile> dataFiles,
    Map<String, String> summary,
    Optional<SchemaEvolution> schemaEvolution,
    Compaction compaction,
    WrittenDeletes deletes,
    Long baseSnapshotId) {
  public RoundCommit {
    requireNonNull(roundId, "roundId is null");
    requireNonNull(startOffsets, "startOffsets is null");
    requireNonNull(endOffsets, "endOffsets is null");
    dataFiles = List.copyOf(requireNonNull(dataFiles, "dataFiles is null"));
    summary = Map.copyOf(requireNonNull(summary, "summary is null"));
    requireNonNull(schemaEvolution, "schemaEvolution is null");
    requireNonNull(compaction, "compaction is null");
    requireNonNull(deletes, "deletes is null");
  }

  public RoundCommit(
      String roundId,
      LakeOffsets startOffsets,
      LakeOffsets endOffsets,
      List<DataFile> dataFiles,
      Map<String, String> summary,
      Optional<SchemaEvolution> schemaEvolution,
      Compaction compaction) {
    this(
        roundId,
        startOffsets,
        endOffsets,
        dataFiles,
        summary,
        schemaEvolution,
        compaction,
        WrittenDeletes.NONE,
        null);
  }

  public RoundCommit(
      String roundId,
      LakeOffsets startOffsets,
      LakeOffsets endOffsets,
      List<DataFile> dataFiles,
      Map<String, String> summary,
      Optional<SchemaEvolution> schemaEvolution) {
    this(roundId, startOffsets, endOffsets, dataFiles, summary, schemaEvolution, Compaction.NONE);
  }

  public RoundCommit(
      String roundId,
      LakeOffsets startOffsets,
      LakeOffsets endOffsets,
      List<DataFile> dataFiles,
      Map<String, String> summary) {
    this(roundId, startOffsets, endOffsets, dataFiles, summary, Optional.empty());
  }

  public long recordCount() {
    return dataFiles.stream().mapToLong(DataFile::recordCount).sum();
  }

  public long fileSizeBytes() {
    return dataFiles.stream().mapToLong(DataFile::fileSizeInBytes).sum();
  }
}
