package io.mink.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.compaction.Compaction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The newest Mink snapshot is the newest of the current lineage, whatever else the metadata holds. */
class MinkSnapshotTest {
  @TempDir
  Path directory;

  private Table table;
  private final LakeCommitter committer = new LakeCommitter(CommitHook.NONE);

  @BeforeEach
  void createTable() {
    table = new LakeTables(CatalogLoader.load(LakeSettings.embedded(directory)))
        .create(
            TableIdentifier.of("kafka", "clicks"),
            MinkTableLayout.properties("clicks", null, 128L << 20, Map.of()));
  }

  @Test
  void afterARollbackTheNewestMinkSnapshotIsTheOneRolledBackTo() {
    MinkSnapshot first = commit(LakeOffsets.NONE, LakeOffsets.of(Map.of(0, 100L)));
    commit(first.offsets(), LakeOffsets.of(Map.of(0, 200L)));

    table.manageSnapshots().rollbackTo(first.snapshotId()).commit();

    assertThat(MinkSnapshot.newest(table)).contains(first);
    assertThat(MinkSnapshot.lineageLostOffsets(metadata())).isFalse();
  }

  @Test
  void anotherWritersSnapshotOnTopKeepsTheMinkSnapshotBelowIt() {
    MinkSnapshot first = commit(LakeOffsets.NONE, LakeOffsets.of(Map.of(0, 100L)));
    table.newAppend().commit();

    assertThat(MinkSnapshot.newest(table)).contains(first);
  }

  @Test
  void eachRoundMovesTheLastRoundTagToItsSnapshot() {
    MinkSnapshot first = commit(LakeOffsets.NONE, LakeOffsets.of(Map.of(0, 100L)));
    assertThat(table.refs().get(MinkSnapshot.LAST_ROUND_TAG).snapshotId())
        .isEqualTo(first.snapshotId());

    MinkSnapshot second = commit(first.offsets(), LakeOffsets.of(Map.of(0, 200L)));

    assertThat(table.refs().get(MinkSnapshot.LAST_ROUND_TAG).snapshotId())
        .isEqualTo(second.snapshotId());
  }

  @Test
  void aLineageBrokenByAnotherEnginesExpiryFindsTheLastRoundByItsTag() {
    MinkSnapshot round = commit(LakeOffsets.NONE, LakeOffsets.of(Map.of(0, 100L)));
    table.newAppend().commit();
    long between = table.currentSnapshot().snapshotId();
    table.newAppend().commit();

    table.expireSnapshots().expireSnapshotId(between).commit();

    assertThat(MinkSnapshot.newest(table)).contains(round);
    assertThat(MinkSnapshot.lineageLostOffsets(metadata())).isFalse();
  }

  @Test
  void aLineageWhoseMinkSnapshotsExpiredWithoutTheTagHasLostItsOffsets() {
    MinkSnapshot round = commit(LakeOffsets.NONE, LakeOffsets.of(Map.of(0, 100L)));
    table.newAppend().commit();
    long between = table.currentSnapshot().snapshotId();
    table.newAppend().commit();
    table.manageSnapshots().removeTag(MinkSnapshot.LAST_ROUND_TAG).commit();

    table
        .expireSnapshots()
        .expireSnapshotId(round.snapshotId())
        .expireSnapshotId(between)
        .commit();

    assertThat(MinkSnapshot.newest(table)).isEmpty();
    assertThat(MinkSnapshot.lineageLostOffsets(metadata())).isTrue();
  }

  @Test
  void aTableWithoutSnapshotsHasNoNewestAndLostNothing() {
    assertThat(MinkSnapshot.newest(table)).isEmpty();
    assertThat(MinkSnapshot.lineageLostOffsets(metadata())).isFalse();
  }

  private org.apache.iceberg.TableMetadata metadata() {
    table.refresh();
    return ((HasTableOperations) table).operations().current();
  }

  private MinkSnapshot commit(LakeOffsets from, LakeOffsets to) {
    MinkSnapshot snapshot = committer.commit(
        table,
        new RoundCommit(
            UUID.randomUUID().toString(),
            from,
            to,
            List.of(),
            Map.of(),
            Optional.empty(),
            Compaction.NONE));
    table.refresh();
    return snapshot;
  }
}
