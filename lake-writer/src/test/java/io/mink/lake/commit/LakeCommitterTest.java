package io.mink.lake.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.KafkaColumns;
import io.mink.schema.table.RowAssembler;
import io.mink.schema.table.TableSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.RESTException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LakeCommitterTest {
  @TempDir
  Path directory;

  private Table table;
  private final LakeCommitter committer = new LakeCommitter(CommitHook.NONE);

  @BeforeEach
  void createTable() {
    LakeTables lake = new LakeTables(CatalogLoader.load(LakeSettings.embedded(directory)));
    table = lake.create(
        TableIdentifier.of("kafka", "orders"),
        MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));
  }

  @Test
  void roundIsOneSnapshotCarryingOffsetsAndCommitUser() {
    MinkSnapshot snapshot = committer.commit(table, round(LakeOffsets.NONE, Map.of(0, 3L)));

    assertThat(snapshot.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 3L)));
    table.refresh();
    assertThat(table.currentSnapshot().summary())
        .containsEntry("commit-user", "__mink_lake_tiering")
        .containsEntry("mink-offsets", "{\"0\":3}")
        .containsEntry("added-records", "3");
  }

  @Test
  void staleRoundIsRefusedAndItsFilesDeleted() {
    committer.commit(table, round(LakeOffsets.NONE, Map.of(0, 3L)));
    RoundCommit stale = round(LakeOffsets.NONE, Map.of(0, 3L));
    Path file = Path.of(java.net.URI.create(stale.dataFiles().get(0).location()));
    assertThat(file).exists();

    assertThatThrownBy(() -> committer.commit(table, stale))
        .isInstanceOf(OffsetConflictException.class)
        .hasMessage(
            "Table mink.kafka.orders moved on while this round ran: it started from offsets {} but the table "
                + "is now at {\"0\":3}. The round is dropped and planned again from the table's offsets");
    assertThat(Files.exists(file)).isFalse();
    table.refresh();
    assertThat(MinkSnapshot.newest(current()).orElseThrow().offsets())
        .isEqualTo(LakeOffsets.of(Map.of(0, 3L)));
  }

  @Test
  void roundFromTheCurrentOffsetsCommitsEvenAfterAnotherWritersSnapshot() {
    committer.commit(table, round(LakeOffsets.NONE, Map.of(0, 3L)));
    table.newFastAppend().appendFile(dataFile(0, 100)).commit();

    MinkSnapshot next =
        committer.commit(table, round(LakeOffsets.of(Map.of(0, 3L)), Map.of(0, 6L)));

    assertThat(next.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 6L)));
    assertThat(next.sequenceNumber()).isEqualTo(3);
  }

  @Test
  void newestMinkSnapshotIsChosenBySequenceNumber() {
    committer.commit(table, round(LakeOffsets.NONE, Map.of(0, 3L)));
    committer.commit(table, round(LakeOffsets.of(Map.of(0, 3L)), Map.of(0, 9L)));
    table.refresh();
    assertThat(MinkSnapshot.newest(current()).orElseThrow().offsets())
        .isEqualTo(LakeOffsets.of(Map.of(0, 9L)));
  }

  @Test
  void roundsMergeSmallManifestsSoTheManifestListStaysShort() {
    table.updateProperties().set("commit.manifest.min-count-to-merge", "4").commit();
    LakeOffsets offsets = LakeOffsets.NONE;
    for (int round = 1; round <= 10; round++) {
      offsets = committer.commit(table, round(offsets, Map.of(0, round * 2L))).offsets();
    }

    table.refresh();
    assertThat(table.currentSnapshot().allManifests(table.io())).hasSizeLessThan(4);
    assertThat(table.currentSnapshot().summary()).containsEntry("total-data-files", "10");
  }

  @Test
  void aRoundWhoseSwapLandedThoughTheCatalogsAnswerWasLostSucceeds() {
    LakeCommitter answerLost = new LakeCommitter(new CommitHook() {
      @Override
      public void aroundCatalogSwap(String name, Runnable swap) {
        swap.run();
        throw new RESTException("Error occurred while processing POST request");
      }
    });
    RoundCommit round = round(LakeOffsets.NONE, Map.of(0, 3L));

    MinkSnapshot snapshot = answerLost.commit(table, round);

    assertThat(snapshot.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 3L)));
    assertThat(fileOf(round)).exists();
  }

  @Test
  void aRoundWhoseSwapFailedMidRequestKeepsItsFilesForTheCommitMayLandLate() {
    RoundCommit round = round(LakeOffsets.NONE, Map.of(0, 3L));
    Table catalogGoneMidCommit = withOperations(new ForwardingTableOperations(operations()) {
      @Override
      public void commit(TableMetadata base, TableMetadata metadata) {
        throw new RESTException("Error occurred while processing POST request");
      }
    });

    assertThatThrownBy(() -> committer.commit(catalogGoneMidCommit, round))
        .isInstanceOf(RESTException.class);
    assertThat(fileOf(round)).exists();
    table.refresh();
    assertThat(table.currentSnapshot()).isNull();
  }

  @Test
  void aRoundWhoseOutcomeTheCatalogCannotTellKeepsItsFiles() {
    RoundCommit round = round(LakeOffsets.NONE, Map.of(0, 3L));
    Table catalogGone = withOperations(new ForwardingTableOperations(operations()) {
      private boolean down;

      @Override
      public TableMetadata refresh() {
        if (down) {
          throw new RESTException("Error occurred while processing GET request");
        }
        return super.refresh();
      }

      @Override
      public void commit(TableMetadata base, TableMetadata metadata) {
        down = true;
        throw new RESTException("Error occurred while processing POST request");
      }
    });

    assertThatThrownBy(() -> committer.commit(catalogGone, round))
        .isInstanceOf(RESTException.class)
        .hasMessage("Error occurred while processing POST request")
        .satisfies(failure -> assertThat(failure.getSuppressed())
            .singleElement()
            .extracting(Throwable::getMessage)
            .isEqualTo("Error occurred while processing GET request"));
    assertThat(fileOf(round)).exists();
  }

  @Test
  void aRoundRefusedBeforeItsSwapDeletesItsFiles() throws IOException {
    LakeCommitter fenced = refusingBeforeTheSwap("the table's lease moved to another instance");
    Set<Path> before = filesOfTable();
    RoundCommit round = round(LakeOffsets.NONE, Map.of(0, 3L));

    assertThatThrownBy(() -> fenced.commit(table, round))
        .isExactlyInstanceOf(IllegalStateException.class)
        .hasMessage("the table's lease moved to another instance");
    assertThat(fileOf(round)).doesNotExist();
    assertThat(filesOfTable())
        .as("no manifest, manifest list or metadata file of the refused snapshot is left")
        .isEqualTo(before);
  }

  @Test
  void aRoundThatEvolvesTheSchemaRefusedBeforeItsSwapLeavesNoFileBehind() throws IOException {
    LakeCommitter fenced = refusingBeforeTheSwap("the table's topic was deleted and created again");
    Set<Path> before = filesOfTable();
    RoundCommit plain = round(LakeOffsets.NONE, Map.of(0, 3L));
    TableSchema schema = TableSchema.of(current());
    RoundCommit round = new RoundCommit(
        plain.roundId(),
        plain.startOffsets(),
        plain.endOffsets(),
        plain.dataFiles(),
        plain.summary(),
        Optional.of(new SchemaEvolution(schema, List.of(), schema)));

    assertThatThrownBy(() -> fenced.commit(table, round))
        .isExactlyInstanceOf(IllegalStateException.class)
        .hasMessage("the table's topic was deleted and created again");
    assertThat(filesOfTable()).isEqualTo(before);
  }

  /** A committer whose hook refuses every swap before it begins, as the epoch fence or the topic check does. */
  private static LakeCommitter refusingBeforeTheSwap(String reason) {
    return new LakeCommitter(new CommitHook() {
      @Override
      public void aroundCatalogSwap(String name, Runnable swap) {
        throw new IllegalStateException(reason);
      }
    });
  }

  private Set<Path> filesOfTable() throws IOException {
    try (Stream<Path> files = Files.walk(Path.of(java.net.URI.create(table.location())))) {
      return files.filter(Files::isRegularFile).collect(Collectors.toSet());
    }
  }

  private TableOperations operations() {
    return ((HasTableOperations) table).operations();
  }

  private Table withOperations(TableOperations operations) {
    return new BaseTable(operations, table.name());
  }

  private static Path fileOf(RoundCommit round) {
    return Path.of(java.net.URI.create(round.dataFiles().get(0).location()));
  }

  private org.apache.iceberg.TableMetadata current() {
    return ((HasTableOperations) table).operations().current();
  }

  private RoundCommit round(LakeOffsets start, Map<Integer, Long> advance) {
    LakeOffsets end = start.advancedTo(advance);
    long from = start.nextOffset(0).orElse(0);
    return new RoundCommit(
        java.util.UUID.randomUUID().toString(),
        start,
        end,
        List.of(dataFile(from, end.nextOffset(0).getAsLong())),
        Map.of());
  }

  private DataFile dataFile(long from, long to) {
    RowAssembler rows = new RowAssembler(KafkaColumns.SCHEMA);
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "test", 0, 1024 * 1024)) {
      for (long offset = from; offset < to; offset++) {
        writer.write(
            List.of(rows.rawRow(new ConsumerRecord<>("orders", 0, offset, null, new byte[] {1}))));
      }
      List<DataFile> files = writer.complete();
      return files.get(0);
    }
  }
}
