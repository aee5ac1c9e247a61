package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.testkit.Warehouse;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

  private static Record row(long partition, long offset) {
    Record row = GenericRecord.create(SCHEMA);
    row.setField(KafkaColumns.PARTITION, (int) partition);
    row.setField(KafkaColumns.OFFSET, offset);
    return row;
  }
}
