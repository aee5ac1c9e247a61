package io.mink.lake.maintenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.KafkaColumns;
import io.mink.schema.table.RowAssembler;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Maintenance on a real table committed by Mink's commit path: the offsets chain and every row
 * survive expiry, and only files nothing references are deleted.
 */
class TableMaintenanceTest {
  private static final Duration FRESHNESS = Duration.ofMinutes(3);

  @TempDir
  Path directory;

  private LakeTables lake;
  private Table table;
  private final LakeCommitter committer = new LakeCommitter(CommitHook.NONE);

  @BeforeEach
  void createTable() {
    lake = new LakeTables(CatalogLoader.load(LakeSettings.embedded(directory)));
    table = lake.create(
        TableIdentifier.of("kafka", "orders"),
        MinkTableLayout.properties("orders", null, 1024 * 1024, Map.of()));
  }

  @Test
  void theOffsetsChainAndEveryRowSurviveExpiry() {
    commitRounds(20);

    MaintenanceReport report = expireAfterOneSecond();
    LakeOffsets recorded = newestOffsets();
    committer.commit(table, round(recorded, 2));

    assertThat(report.expiredSnapshots()).isEqualTo(19);
    assertThat(recorded).isEqualTo(LakeOffsets.of(Map.of(0, 40L)));
    assertThat(newestOffsets()).isEqualTo(LakeOffsets.of(Map.of(0, 42L)));
    assertThat(offsetsInTheTable()).isEqualTo(range(42));
  }

  @Test
  void snapshotsInTheRetentionWindowStay() {
    commitRounds(5);

    MaintenanceReport report = TableMaintenance.expireSnapshots(
        table, MaintenancePolicy.of(table.properties(), FRESHNESS), Instant.now());

    assertThat(report).isEqualTo(MaintenanceReport.NOTHING);
    assertThat(table.snapshots()).hasSize(5);
  }

  @Test
  void theNewestMinkSnapshotStaysWhenAnotherWritersNewerSnapshotIsOld() {
    commitRounds(5);
    MinkSnapshot newestMink = MinkSnapshot.newest(table).orElseThrow();
    table.newAppend().appendFile(dataFile("other-writer", 100, 101)).commit();

    MaintenanceReport report = expireAfterOneSecond();
    table.refresh();

    assertThat(report.expiredSnapshots()).isEqualTo(4);
    assertThat(table.snapshots()).hasSize(2);
    assertThat(MinkSnapshot.newest(table)).contains(newestMink);
    committer.commit(table, round(newestMink.offsets(), 2));
    assertThat(newestOffsets()).isEqualTo(LakeOffsets.of(Map.of(0, 12L)));
  }

  @Test
  void aSnapshotCurrentAgainAfterARollbackStaysForTheRetentionFromWhenItStoppedBeingCurrent() {
    commitRounds(2);
    long first = oldestSnapshotId();
    long second = table.currentSnapshot().snapshotId();
    table.manageSnapshots().rollbackTo(first).commit();
    pause();
    table.manageSnapshots().setCurrentSnapshot(second).commit();
    table.refresh();
    long firstStoppedBeingCurrent =
        table.history().get(table.history().size() - 1).timestampMillis();

    MaintenanceReport report = TableMaintenance.expireSnapshots(
        table,
        new MaintenancePolicy(true, Duration.ofSeconds(1), 1, Optional.empty()),
        Instant.ofEpochMilli(firstStoppedBeingCurrent + 950));
    table.refresh();

    assertThat(report).isEqualTo(MaintenanceReport.NOTHING);
    assertThat(table.snapshot(first)).isNotNull();
  }

  @Test
  void aTaggedSnapshotStays() {
    commitRounds(3);
    long first = oldestSnapshotId();
    table.manageSnapshots().createTag("audit", first).commit();

    expireAfterOneSecond();
    table.refresh();

    assertThat(table.snapshot(first)).isNotNull();
    assertThat(table.snapshots()).hasSize(2);
  }

  @Test
  void filesOnlyExpiredSnapshotsUsedAreDeleted() {
    commitRounds(2);
    DataFile first = filesInTheTable().get(0);
    table.newDelete().deleteFile(first).commit();
    commitRounds(1);

    MaintenanceReport report = expireAfterOneSecond();

    assertThat(report.deletedFiles()).isPositive();
    assertThat(Path.of(URI.create(first.location()))).doesNotExist();
    filesInTheTable()
        .forEach(file -> assertThat(Path.of(URI.create(file.location()))).exists());
  }

  @Test
  void theFilesOfACrashedRoundAreRemovedOnceOlderThanTheOrphanAge() throws IOException {
    commitRounds(2);
    DataFile crashed = dataFile(UUID.randomUUID().toString(), 4, 8);
    Path crashedFile = Path.of(URI.create(crashed.location()));
    Path metadata = Path.of(URI.create(table.location() + "/metadata"));
    Path crashedManifest = Files.write(metadata.resolve("crashed-m0.avro"), new byte[] {1});
    Path keptMetadata = Files.write(metadata.resolve("00000-kept.metadata.json"), new byte[] {1});
    Duration orphanAge = MaintenancePolicy.ORPHAN_MIN_AGE;

    MaintenanceReport early = OrphanFileRemoval.remove(table, orphanAge, Instant.now());
    MaintenanceReport later =
        OrphanFileRemoval.remove(table, orphanAge, Instant.now().plus(Duration.ofDays(4)));

    assertThat(early.orphanFiles()).isZero();
    assertThat(later.orphanFiles()).isEqualTo(2);
    assertThat(crashedFile).doesNotExist();
    assertThat(crashedManifest).doesNotExist();
    assertThat(keptMetadata).exists();
    assertThat(offsetsInTheTable()).isEqualTo(range(4));
    commitRounds(1);
    assertThat(offsetsInTheTable()).isEqualTo(range(6));
  }

  @Test
  void metadataFilesStayBoundedAsRoundsPileUp() throws IOException {
    commitRounds(30);

    try (Stream<Path> files = Files.list(Path.of(URI.create(table.location() + "/metadata")))) {
      assertThat(files.filter(file -> file.toString().endsWith(".metadata.json")))
          .hasSizeLessThanOrEqualTo(MinkTableLayout.PREVIOUS_METADATA_FILES + 1);
    }
  }

  @Test
  void aTableMinkCreatedEarlierGetsTheHousekeepingPropertiesOnce() {
    Table earlier =
        lake.create(TableIdentifier.of("kafka", "earlier"), Map.of("mink.topic", "earlier"));
    Table attached =
        lake.create(TableIdentifier.of("kafka", "attached"), Map.of("mink.attach", "true"));
    TableMaintenance maintenance = new TableMaintenance(Clock.systemUTC());

    assertThat(maintenance.afterCommit(earlier, FRESHNESS).failures()).isZero();
    assertThat(maintenance.afterCommit(attached, FRESHNESS).failures()).isZero();

    assertThat(earlier.properties()).containsAllEntriesOf(MinkTableLayout.housekeepingProperties());
    assertThat(attached.properties())
        .doesNotContainKey("write.metadata.delete-after-commit.enabled");
  }

  /** Expires with a retention of one second, so that rounds committed a moment apart can go. */
  private MaintenanceReport expireAfterOneSecond() {
    return TableMaintenance.expireSnapshots(
        table,
        new MaintenancePolicy(true, Duration.ofSeconds(1), 1, Optional.empty()),
        Instant.now().plusSeconds(60));
  }

  /**
   * Commits rounds at least 150 ms apart: more than the tenth of the one-second retention that expiry waits for
   * beyond its cutoff, so the snapshots before the newest are always due.
   */
  private void commitRounds(int rounds) {
    for (int i = 0; i < rounds; i++) {
      committer.commit(table, round(newestOffsets(), 2));
      pause();
    }
  }

  private static void pause() {
    try {
      Thread.sleep(150);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private LakeOffsets newestOffsets() {
    table.refresh();
    return MinkSnapshot.newest(table).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
  }

  private RoundCommit round(LakeOffsets start, int rows) {
    long from = start.nextOffset(0).orElse(0);
    String roundId = UUID.randomUUID().toString();
    return new RoundCommit(
        roundId,
        start,
        start.advancedTo(Map.of(0, from + rows)),
        List.of(dataFile(roundId, from, from + rows)),
        Map.of());
  }

  private DataFile dataFile(String roundId, long from, long to) {
    RowAssembler rows = new RowAssembler(KafkaColumns.SCHEMA);
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), roundId, 0, 1024 * 1024)) {
      for (long offset = from; offset < to; offset++) {
        writer.write(
            List.of(rows.rawRow(new ConsumerRecord<>("orders", 0, offset, null, new byte[] {1}))));
      }
      return writer.complete().get(0);
    }
  }

  private List<Long> offsetsInTheTable() {
    table.refresh();
    List<Long> offsets = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      rows.forEach(row -> offsets.add((Long) row.getField(KafkaColumns.OFFSET)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    offsets.sort(null);
    return offsets;
  }

  private List<DataFile> filesInTheTable() {
    table.refresh();
    List<DataFile> files = new ArrayList<>();
    try (var tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> files.add(task.file()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  private long oldestSnapshotId() {
    table.refresh();
    long oldest = table.currentSnapshot().snapshotId();
    for (var snapshot : table.snapshots()) {
      if (snapshot.sequenceNumber() < table.snapshot(oldest).sequenceNumber()) {
        oldest = snapshot.snapshotId();
      }
    }
    return oldest;
  }

  private static List<Long> range(long count) {
    List<Long> offsets = new ArrayList<>();
    for (long offset = 0; offset < count; offset++) {
      offsets.add(offset);
    }
    return offsets;
  }
}
