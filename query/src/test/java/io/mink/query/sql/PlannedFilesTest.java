package io.mink.query.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.query.read.LakeFiles;
import io.mink.schema.KafkaColumns;
import io.mink.testkit.Warehouse;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Plans kept by what they were made of: a snapshot planned again is not read again, a newer one is. */
class PlannedFilesTest {
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, KafkaColumns.PARTITION, Types.IntegerType.get()),
      Types.NestedField.required(2, KafkaColumns.OFFSET, Types.LongType.get()));

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void aSnapshotPlannedAgainIsTheSamePlanAndAnotherSnapshotOrFilterIsPlannedAnew() {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    Table table = warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("lake", "planned"), SCHEMA, PartitionSpec.unpartitioned(), Map.of());
    table.newAppend().appendFile(file(table, "a", 10)).commit();
    long first = table.currentSnapshot().snapshotId();
    PlannedFiles plans = new PlannedFiles();

    LakeFiles planned = plans.plan(table, first, Expressions.alwaysTrue(), List.of());
    assertThat(plans.plan(table, first, Expressions.alwaysTrue(), List.of())).isSameAs(planned);
    assertThat(planned.rows()).hasValue(10);

    table.newAppend().appendFile(file(table, "b", 5)).commit();
    long second = table.currentSnapshot().snapshotId();
    assertThat(plans.plan(table, second, Expressions.alwaysTrue(), List.of()).rows())
        .hasValue(15);
    assertThat(plans.plan(table, first, Expressions.alwaysTrue(), List.of())).isSameAs(planned);
    assertThat(plans.plan(table, second, Expressions.equal(KafkaColumns.OFFSET, 3L), List.of()))
        .isNotSameAs(plans.plan(table, second, Expressions.alwaysTrue(), List.of()));
    assertThat(plans.plan(table, second, Expressions.alwaysTrue(), List.of(0)))
        .isNotSameAs(plans.plan(table, second, Expressions.alwaysTrue(), List.of()));
    assertThat(plans.size()).isEqualTo(4);
  }

  @Test
  void theLeastRecentlyUsedPlansGoFirst() {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    Table table = warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("lake", "many"), SCHEMA, PartitionSpec.unpartitioned(), Map.of());
    table.newAppend().appendFile(file(table, "a", 10)).commit();
    long snapshot = table.currentSnapshot().snapshotId();
    PlannedFiles plans = new PlannedFiles();
    LakeFiles kept = plans.plan(table, snapshot, Expressions.alwaysTrue(), List.of());
    LakeFiles dropped = plans.plan(table, snapshot, Expressions.alwaysTrue(), List.of(0));

    for (long offset = 0; offset < PlannedFiles.MAX_PLANS - 1; offset++) {
      plans.plan(table, snapshot, Expressions.alwaysTrue(), List.of());
      plans.plan(table, snapshot, Expressions.equal(KafkaColumns.OFFSET, offset), List.of());
    }

    assertThat(plans.size()).isEqualTo(PlannedFiles.MAX_PLANS);
    assertThat(plans.plan(table, snapshot, Expressions.alwaysTrue(), List.of())).isSameAs(kept);
    assertThat(plans.plan(table, snapshot, Expressions.alwaysTrue(), List.of(0)))
        .isNotSameAs(dropped);
  }

  /** A data file entry of {@code records} rows; planning reads only the manifests, never the file. */
  private static DataFile file(Table table, String name, long records) {
    return DataFiles.builder(table.spec())
        .withPath(table.location() + "/data/" + name + ".parquet")
        .withFileSizeInBytes(100)
        .withRecordCount(records)
        .build();
  }
}
