package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.maintenance.MaintenancePolicy;
import io.mink.lake.maintenance.TableMaintenance;
import io.mink.query.read.SnapshotPin.Pinned;
import io.mink.schema.KafkaColumns;
import io.mink.testkit.Warehouse;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The snapshot a read pins survives the sidecar's expiry for the retention, whoever committed it, and so does the round
 * below it whose offsets are its seams, so the read repeats at its read point: the read pins the current snapshot, a
 * snapshot expires only once it stopped being current more than the retention ago, and the newest Mink snapshot in the
 * lineage of one that stays stays too.
 */
class PinnedSnapshotExpiryTest {
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, KafkaColumns.PARTITION, Types.IntegerType.get()),
      Types.NestedField.required(2, KafkaColumns.OFFSET, Types.LongType.get()));
  private static final Duration RETENTION = Duration.ofSeconds(1);

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aReadPlannedOnAnIdleTableKeepsItsSnapshotFilesAndSeamsThroughTheExpiryAfterTheNextRound()
      throws InterruptedException {
    Table table = table();
    DataFile removed = LakeReads.write(table, 0, 5, PinnedSnapshotExpiryTest::row);
    DataFile kept = LakeReads.write(table, 5, 10, PinnedSnapshotExpiryTest::row);
    round(table, List.of(removed, kept), 10);
    Thread.sleep(150);
    table.newDelete().deleteFile(removed).commit();
    Thread.sleep(150);

    table.refresh();
    Pinned pinned = SnapshotPin.pinned(
        ((HasTableOperations) table).operations().current(),
        ReadRequest.of(ReadMode.union),
        table.name());
    LakeFiles planned =
        LakeFiles.plan(table, pinned.id().getAsLong(), Expressions.alwaysTrue(), List.of());
    Thread.sleep(150);
    round(table, List.of(LakeReads.write(table, 10, 20, PinnedSnapshotExpiryTest::row)), 20);
    long nextRound = table.currentSnapshot().timestampMillis();

    TableMaintenance.expireSnapshots(
        table,
        new MaintenancePolicy(true, RETENTION, 1, Optional.empty()),
        Instant.ofEpochMilli(nextRound + RETENTION.toMillis() - 50));
    table.refresh();

    assertThat(table.snapshot(pinned.id().getAsLong())).isNotNull();
    assertThat(planned.of(0))
        .isNotEmpty()
        .allSatisfy(file ->
            assertThat(Path.of(URI.create(file.task().file().location()))).exists());
    Pinned again = SnapshotPin.pinned(
        ((HasTableOperations) table).operations().current(),
        ReadRequest.of(ReadMode.union).at(ReadPoint.of(pinned.id(), List.of())),
        table.name());
    assertThat(again.id()).isEqualTo(pinned.id());
    assertThat(again.seams()).isEqualTo(pinned.seams());
  }

  private Table table() {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    return warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("lake", "orders"),
            SCHEMA,
            PartitionSpec.unpartitioned(),
            Map.of("format-version", "2"));
  }

  private static void round(Table table, List<DataFile> files, long nextOffset) {
    var append = table.newAppend();
    files.forEach(append::appendFile);
    append
        .set(MinkSnapshot.COMMIT_USER_PROPERTY, MinkSnapshot.COMMIT_USER)
        .set(
            MinkSnapshot.OFFSETS_PROPERTY, LakeOffsets.of(Map.of(0, nextOffset)).encode())
        .commit();
    table.refresh();
  }

  private static Record row(long offset) {
    Record row = GenericRecord.create(SCHEMA);
    row.setField(KafkaColumns.PARTITION, 0);
    row.setField(KafkaColumns.OFFSET, offset);
    return row;
  }
}
