package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.query.read.SnapshotPin.Pinned;
import io.mink.schema.KafkaColumns;
import io.mink.testkit.Warehouse;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Which snapshot a read serves and which seams it continues from: a union read serves the current snapshot, whoever
 * committed it, with the offsets of the newest snapshot a round committed in its lineage.
 */
class SnapshotPinTest {
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, KafkaColumns.PARTITION, Types.IntegerType.get()),
      Types.NestedField.required(2, KafkaColumns.OFFSET, Types.LongType.get()));
  private static final String NAME = "lake.orders";

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private Table table;

  @BeforeEach
  void createTable() {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    table = warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("lake", "orders"),
            SCHEMA,
            PartitionSpec.unpartitioned(),
            Map.of("format-version", "2"));
  }

  @Test
  void aUnionReadServesAnotherWritersSnapshotOnTopWithTheSeamsOfTheRoundBelowIt() {
    DataFile first = round(0, 10);
    long delete = foreignDelete(first);

    Pinned pinned = pin(ReadRequest.of(ReadMode.union));

    assertThat(pinned.id()).hasValue(delete);
    assertThat(pinned.seams()).isEqualTo(LakeOffsets.of(Map.of(0, 10L)));
  }

  @Test
  void aUnionReadContinuesPartitionsWithoutOffsetsFromTheTablesAcceptedStart() {
    table.updateProperties().set("mink.start-offsets", "{\"0\":40,\"1\":7}").commit();

    assertThat(pin(ReadRequest.of(ReadMode.union)).seams())
        .isEqualTo(LakeOffsets.of(Map.of(0, 40L, 1, 7L)));
    round(0, 50);
    assertThat(pin(ReadRequest.of(ReadMode.union)).seams())
        .isEqualTo(LakeOffsets.of(Map.of(0, 50L, 1, 7L)));
    assertThat(pin(ReadRequest.of(ReadMode.lake)).seams())
        .isEqualTo(LakeOffsets.of(Map.of(0, 50L)));
  }

  @Test
  void aRollbackTakesTheRoundsItUndidOutOfTheReadAndItsSeams() {
    round(0, 10);
    long first = table.currentSnapshot().snapshotId();
    round(10, 20);
    table.manageSnapshots().rollbackTo(first).commit();

    Pinned pinned = pin(ReadRequest.of(ReadMode.union));

    assertThat(pinned.id()).hasValue(first);
    assertThat(pinned.seams()).isEqualTo(LakeOffsets.of(Map.of(0, 10L)));
  }

  @Test
  void aNamedSnapshotOfAnotherWriterIsReadWithTheSeamsOfItsLineage() {
    DataFile first = round(0, 10);
    long delete = foreignDelete(first);
    round(10, 20);

    Pinned named = pin(ReadRequest.of(ReadMode.union).withSnapshot(delete));
    Pinned again =
        pin(ReadRequest.of(ReadMode.union).at(ReadPoint.of(OptionalLong.of(delete), List.of())));

    assertThat(named.id()).hasValue(delete);
    assertThat(named.seams()).isEqualTo(LakeOffsets.of(Map.of(0, 10L)));
    assertThat(again.id()).isEqualTo(named.id());
    assertThat(again.seams()).isEqualTo(named.seams());
    assertThat(pin(ReadRequest.of(ReadMode.union)).seams())
        .isEqualTo(LakeOffsets.of(Map.of(0, 20L)));
  }

  @Test
  void aLakeReadServesTheCurrentSnapshotAndNeedsNoRoundInItsLineage() {
    LakeReads.append(table, 0, 5, SnapshotPinTest::row);
    long foreign = table.currentSnapshot().snapshotId();

    Pinned pinned = pin(ReadRequest.of(ReadMode.lake));

    assertThat(pinned.id()).hasValue(foreign);
    assertThat(pinned.seams()).isEqualTo(LakeOffsets.NONE);
  }

  @Test
  void aUnionReadOfALineageWithoutAnyRoundIsRefused() {
    LakeReads.append(table, 0, 5, SnapshotPinTest::row);
    long foreign = table.currentSnapshot().snapshotId();

    assertThatThrownBy(() -> pin(ReadRequest.of(ReadMode.union)))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "Table " + NAME + " cannot be read with its Kafka tail: neither its current snapshot "
                + foreign
                + " nor a snapshot before it was committed by a round, so the Kafka offsets the lake "
                + "holds are unknown (another engine wrote the table before its first round, or expired the "
                + "snapshots of its rounds). Read the lake alone with --mode lake, or Kafka alone with --mode log");
    assertThatThrownBy(() -> pin(ReadRequest.of(ReadMode.union).withSnapshot(foreign)))
        .isInstanceOf(MinkException.class)
        .hasMessage("Snapshot " + foreign + " of " + NAME + " has no Kafka offsets for the tail to "
            + "continue from: neither it nor a snapshot before it was committed by a round. Read it with "
            + "--mode lake, or give a snapshot a round committed or one committed after a round");
  }

  @Test
  void aTableWithoutSnapshotsIsReadFromKafkaAlone() {
    Pinned pinned = pin(ReadRequest.of(ReadMode.union));

    assertThat(pinned.snapshot()).isEmpty();
    assertThat(pinned.seams()).isEqualTo(LakeOffsets.NONE);
  }

  private Pinned pin(ReadRequest request) {
    table.refresh();
    TableMetadata metadata = ((HasTableOperations) table).operations().current();
    return SnapshotPin.pinned(metadata, request, NAME);
  }

  /** Commits rows of partition 0, offsets [from, to), as a round does: its summary carries the offsets. */
  private DataFile round(long from, long to) {
    DataFile file = LakeReads.write(table, from, to, SnapshotPinTest::row);
    table
        .newAppend()
        .appendFile(file)
        .set(MinkSnapshot.COMMIT_USER_PROPERTY, MinkSnapshot.COMMIT_USER)
        .set(MinkSnapshot.OFFSETS_PROPERTY, LakeOffsets.of(Map.of(0, to)).encode())
        .commit();
    return file;
  }

  /** Another engine deletes a file, as Spark's DELETE does when it removes every row of one. */
  private long foreignDelete(DataFile file) {
    table.newDelete().deleteFile(file).commit();
    return table.currentSnapshot().snapshotId();
  }

  private static Record row(long offset) {
    Record row = GenericRecord.create(SCHEMA);
    row.setField(KafkaColumns.PARTITION, 0);
    row.setField(KafkaColumns.OFFSET, offset);
    return row;
  }
}
