package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.testkit.Warehouse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.BaseDVFileWriter;
import org.apache.iceberg.deletes.PositionDelete;
import org.apache.iceberg.deletes.PositionDeleteWriter;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** How a snapshot's files are filed under the Kafka partitions they hold, and filed to be read once. */
class LakeFilesTest {
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, KafkaColumns.PARTITION, Types.IntegerType.get()),
      Types.NestedField.required(2, KafkaColumns.OFFSET, Types.LongType.get()));

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aFileOfSeveralPartitionsIsFiledUnderEachForAPartitionReadAndOnceForAReadOfThemAll() {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    Table table = warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("lake", "shared"), SCHEMA, PartitionSpec.unpartitioned(), Map.of());
    LakeReads.append(table, 0, 30, row -> row(row % 3, row));
    LakeReads.append(table, 30, 40, row -> row(1, row));
    table.refresh();
    long snapshot = table.currentSnapshot().snapshotId();

    LakeFiles perPartition = LakeFiles.plan(table, snapshot, Expressions.alwaysTrue(), List.of());
    assertThat(perPartition.of(0)).hasSize(1).allMatch(LakeFile::shared);
    assertThat(perPartition.of(1)).hasSize(2).anyMatch(file -> !file.shared());
    assertThat(perPartition.of(2)).hasSize(1);
    assertThat(perPartition.fileCount()).isEqualTo(4);

    LakeFiles once = perPartition.readOnce(Set.of(0, 1, 2));
    assertThat(once.of(0)).hasSize(1).noneMatch(LakeFile::shared);
    assertThat(once.of(1)).hasSize(1).noneMatch(LakeFile::shared);
    assertThat(once.of(2)).isEmpty();
    assertThat(once.fileCount()).isEqualTo(2);

    LakeFiles ofOne =
        LakeFiles.plan(table, snapshot, Expressions.alwaysTrue(), List.of(2)).readOnce(Set.of(2));
    assertThat(ofOne.of(2)).hasSize(1).noneMatch(LakeFile::shared);
    assertThat(ofOne.fileCount()).isEqualTo(1);
  }

  @Test
  void rowsAreTheManifestsRecordCountsLessDeletionVectorsEachFileOnce() throws IOException {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    Table table = warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("lake", "counted"),
            SCHEMA,
            PartitionSpec.unpartitioned(),
            Map.of(TableProperties.FORMAT_VERSION, "3"));
    LakeReads.append(table, 0, 30, row -> row(row % 3, row));
    DataFile second = LakeReads.append(table, 30, 40, row -> row(1, row));
    table.refresh();
    LakeFiles planned = LakeFiles.plan(
        table, table.currentSnapshot().snapshotId(), Expressions.alwaysTrue(), List.of());
    assertThat(planned.rows()).hasValue(40);
    assertThat(planned.readOnce(Set.of(0, 1, 2)).rows()).hasValue(40);

    BaseDVFileWriter vectors = new BaseDVFileWriter(
        OutputFileFactory.builderFor(table, 1, 1).format(FileFormat.PUFFIN).build(),
        location -> null);
    try (vectors) {
      for (long position : new long[] {0, 4, 9}) {
        vectors.delete(second.location(), position, table.spec(), second.partition());
      }
    }
    RowDelta delta = table.newRowDelta();
    vectors.result().deleteFiles().forEach(delta::addDeletes);
    delta.commit();
    table.refresh();

    LakeFiles afterDelete = LakeFiles.plan(
        table, table.currentSnapshot().snapshotId(), Expressions.alwaysTrue(), List.of());
    assertThat(afterDelete.rows()).hasValue(37).hasValue(rowsIcebergReads(table));
  }

  @Test
  void rowsAreUnknownWhenAPositionDeleteFileAppliesAsOnlyAReadCanCountIt() throws IOException {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    Table table = warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("lake", "deleted"), SCHEMA, PartitionSpec.unpartitioned(), Map.of());
    DataFile file = LakeReads.append(table, 0, 10, row -> row(0, row));
    PositionDeleteWriter<Record> writer = new GenericFileWriterFactory.Builder(table)
        .deleteFileFormat(FileFormat.PARQUET)
        .build()
        .newPositionDeleteWriter(
            OutputFileFactory.builderFor(table, 1, 1)
                .format(FileFormat.PARQUET)
                .build()
                .newOutputFile(),
            table.spec(),
            null);
    try (writer) {
      writer.write(PositionDelete.<Record>create().set(file.location(), 3L));
    }
    table.newRowDelta().addDeletes(writer.toDeleteFile()).commit();
    table.refresh();

    assertThat(LakeFiles.plan(
                table, table.currentSnapshot().snapshotId(), Expressions.alwaysTrue(), List.of())
            .rows())
        .isEmpty();
  }

  private static long rowsIcebergReads(Table table) throws IOException {
    long rows = 0;
    try (CloseableIterable<Record> read = IcebergGenerics.read(table).build()) {
      for (Record ignored : read) {
        rows++;
      }
    }
    return rows;
  }

  private static Record row(long partition, long offset) {
    Record row = GenericRecord.create(SCHEMA);
    row.setField(KafkaColumns.PARTITION, (int) partition);
    row.setField(KafkaColumns.OFFSET, offset);
    return row;
  }
}
