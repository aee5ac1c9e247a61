package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.OffsetConflictException;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.compaction.Compaction;
import io.mink.lake.write.deletes.WrittenDeletes;
import io.mink.schema.KafkaColumns;
import io.mink.schema.table.MergeResult;
import io.mink.schema.table.SchemaMerge;
import io.mink.schema.table.TableSchema;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The commit step: the description of a round, applied by LakeCommitter to a table of Iceberg's in-memory catalog. */
class RoundCommitsTest {
  private final InMemoryCatalog catalog = new InMemoryCatalog();
  private Table table;

  @BeforeEach
  void createTable() {
    catalog.initialize("memory", Map.of());
    catalog.createNamespace(Namespace.of("kafka"));
    table = catalog.createTable(
        TableIdentifier.of("kafka", "orders"), KafkaColumns.SCHEMA, PartitionSpec.unpartitioned());
  }

  @Test
  void theSummaryCarriesTheTopicRowsForceFinishAndRawCountsUnderMinkSnapshotsKeys() {
    RoundCommit commit = RoundCommits.describe(
        "round-1",
        "orders",
        LakeOffsets.NONE,
        LakeOffsets.of(Map.of(0, 10L)),
        List.of(dataFile("a.parquet", 10)),
        10,
        true,
        start(),
        List.of(),
        start(),
        Map.of("value.undecodable-bytes", 2L),
        Compaction.NONE,
        WrittenDeletes.NONE,
        null);

    assertThat(commit.summary())
        .isEqualTo(Map.of(
            MinkSnapshot.TOPIC_PROPERTY,
            "orders",
            MinkSnapshot.ROUND_ROWS_PROPERTY,
            "10",
            MinkSnapshot.FORCE_FINISHED_PROPERTY,
            "true",
            MinkSnapshot.RAW_PROPERTY_PREFIX + "value.undecodable-bytes",
            "2"));
    assertThat(commit.schemaEvolution()).isEmpty();

    MinkSnapshot snapshot = new LakeCommitter(CommitHook.NONE).commit(table, commit);

    assertThat(snapshot.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 10L)));
    assertThat(MinkSnapshot.newest(table)).contains(snapshot);
    assertThat(table.currentSnapshot().summary())
        .containsEntry("mink-round", "round-1")
        .containsEntry("mink-offsets", LakeOffsets.of(Map.of(0, 10L)).encode())
        .containsEntry("mink-raw.value.undecodable-bytes", "2");
  }

  @Test
  void schemaStepsAreCommittedWithTheFilesInOneSnapshot() {
    TableSchema start = start();
    MergeResult.Merged merged = (MergeResult.Merged) SchemaMerge.mergeValue(
        start, Types.StructType.of(Types.NestedField.optional(1, "note", Types.StringType.get())));
    RoundCommit commit = RoundCommits.describe(
        "round-2",
        "orders",
        LakeOffsets.NONE,
        LakeOffsets.of(Map.of(0, 1L)),
        List.of(dataFile("b.parquet", 1)),
        1,
        false,
        start,
        merged.steps(),
        merged.table(),
        Map.of(),
        Compaction.NONE,
        WrittenDeletes.NONE,
        null);

    new LakeCommitter(CommitHook.NONE).commit(table, commit);

    assertThat(table.schema().findField("note").type()).isEqualTo(Types.StringType.get());
    assertThat(table.snapshots()).hasSize(1);
  }

  @Test
  void aRoundPlannedOnOffsetsTheLakeNoLongerHasIsRefused() {
    new LakeCommitter(CommitHook.NONE)
        .commit(
            table,
            RoundCommits.describe(
                "round-3",
                "orders",
                LakeOffsets.NONE,
                LakeOffsets.of(Map.of(0, 5L)),
                List.of(dataFile("c.parquet", 5)),
                5,
                false,
                start(),
                List.of(),
                start(),
                Map.of(),
                Compaction.NONE,
                WrittenDeletes.NONE,
                null));
    RoundCommit stale = RoundCommits.describe(
        "round-4",
        "orders",
        LakeOffsets.NONE,
        LakeOffsets.of(Map.of(0, 7L)),
        List.of(dataFile("d.parquet", 7)),
        7,
        false,
        start(),
        List.of(),
        start(),
        Map.of(),
        Compaction.NONE,
        WrittenDeletes.NONE,
        null);

    assertThatThrownBy(() -> new LakeCommitter(CommitHook.NONE).commit(table, stale))
        .isInstanceOf(OffsetConflictException.class);
    assertThat(MinkSnapshot.newest(table).orElseThrow().offsets())
        .isEqualTo(LakeOffsets.of(Map.of(0, 5L)));
  }

  private TableSchema start() {
    table.refresh();
    return TableSchema.of(
        ((org.apache.iceberg.HasTableOperations) table).operations().current());
  }

  private DataFile dataFile(String name, long rows) {
    return DataFiles.builder(table.spec())
        .withPath(table.location() + "/data/" + name)
        .withFormat(FileFormat.PARQUET)
        .withFileSizeInBytes(100 * rows)
        .withRecordCount(rows)
        .build();
  }
}
