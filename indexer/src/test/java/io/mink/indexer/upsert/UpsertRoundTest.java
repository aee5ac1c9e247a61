package io.mink.indexer.upsert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.write.deletes.DeletedRows;
import io.mink.schema.KafkaColumns;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class UpsertRoundTest {
  private static final DataFile LAKE = file("lake.parquet", 3, 0);

  @Test
  void eachChangeDeletesTheRowItsKeyHadInTheLakeOrEarlierInTheRound() {
    PartitionKeys keys = new PartitionKeys();
    keys.put(BatchFoldTest.hash("a"), LAKE, 0);
    keys.put(BatchFoldTest.hash("b"), LAKE, 1);
    keys.put(BatchFoldTest.hash("c"), LAKE, 2);
    PartitionChanges changes = new PartitionChanges();
    changes.put(BatchFoldTest.hash("a"));
    changes.delete(BatchFoldTest.hash("b"));
    changes.put(BatchFoldTest.hash("d"));
    changes.put(BatchFoldTest.hash("a"));
    changes.delete(BatchFoldTest.hash("e"));
    DataFile second = file("second.parquet", 1, 200);
    DataFile first = file("first.parquet", 2, 100);
    DeletedRows deleted = new DeletedRows();

    UpsertRound.apply(0, changes, List.of(second, first), keys, deleted);

    assertThat(positions(deleted))
        .isEqualTo(Map.of("lake.parquet", List.of(0L, 1L), "first.parquet", List.of(0L)));
    assertThat(keys.find(BatchFoldTest.hash("a")))
        .isEqualTo(new PartitionKeys.RowLocation(second, 0));
    assertThat(keys.find(BatchFoldTest.hash("d")))
        .isEqualTo(new PartitionKeys.RowLocation(first, 1));
    assertThat(keys.find(BatchFoldTest.hash("c")))
        .isEqualTo(new PartitionKeys.RowLocation(LAKE, 2));
    assertThat(keys.find(BatchFoldTest.hash("b"))).isNull();
    assertThat(keys.size()).isEqualTo(3);
  }

  @Test
  void filesThatHoldMoreOrFewerRowsThanThePutsStopTheRound() {
    PartitionChanges changes = new PartitionChanges();
    changes.put(BatchFoldTest.hash("a"));
    assertThatThrownBy(() -> UpsertRound.apply(
            4, changes, List.of(file("two.parquet", 2, 0)), new PartitionKeys(), new DeletedRows()))
        .hasMessageContaining("Partition 4 wrote 2 rows for 1 upserted keys");
    assertThatThrownBy(
            () -> UpsertRound.apply(4, changes, List.of(), new PartitionKeys(), new DeletedRows()))
        .hasMessageContaining("wrote 0 rows for 1 upserted keys");
  }

  @Test
  void aChangeEventsDeleteTurnsItsPutIntoADelete() {
    UpsertRound round = new UpsertRound(new KeyIndex("t", new KeyIndexBudget(1 << 20)));
    List<?> toBuild = round.fold(
        0,
        List.of(
            BatchFoldTest.record(0, "a", "a0"),
            BatchFoldTest.record(1, "b", null),
            BatchFoldTest.record(2, "c", "c2"),
            BatchFoldTest.record(3, "d", "d3")));
    assertThat(toBuild).hasSize(3);
    round.markDeletes(0, List.of(1));
    PartitionKeys keys = new PartitionKeys();
    keys.put(BatchFoldTest.hash("c"), LAKE, 2);
    DeletedRows deleted = new DeletedRows();
    PartitionChanges changes = round.changesOf(0);
    UpsertRound.apply(0, changes, List.of(file("new.parquet", 2, 0)), keys, deleted);
    assertThat(positions(deleted)).isEqualTo(Map.of("lake.parquet", List.of(2L)));
    assertThat(keys.find(BatchFoldTest.hash("c"))).isNull();
    assertThat(keys.find(BatchFoldTest.hash("d")).position()).isEqualTo(1);
  }

  @Test
  void anUndoneFoldLeavesNoChangeAndNoNullKeyCounted() {
    UpsertRound round = new UpsertRound(new KeyIndex("t", new KeyIndexBudget(1 << 20)));
    round.fold(0, List.of(BatchFoldTest.record(0, "a", "a0")));
    round.fold(0, List.of(BatchFoldTest.record(1, "b", "b1"), BatchFoldTest.record(2, null, "x")));
    round.undoLastFold(0);
    assertThat(round.changesOf(0).size()).isEqualTo(1);
    assertThat(round.nullKeys()).isZero();
  }

  private static Map<String, List<Long>> positions(DeletedRows deleted) {
    Map<String, List<Long>> positions = new java.util.TreeMap<>();
    for (DeletedRows.FileRows rows : deleted.files()) {
      positions.put(
          rows.file().location(),
          java.util.Arrays.stream(rows.positions()).boxed().toList());
    }
    return positions;
  }

  private static DataFile file(String path, long rows, long lowestOffset) {
    int offsetId = KafkaColumns.SCHEMA.findField(KafkaColumns.OFFSET).fieldId();
    return DataFiles.builder(PartitionSpec.unpartitioned())
        .withPath(path)
        .withFileSizeInBytes(100)
        .withRecordCount(rows)
        .withMetrics(new Metrics(
            rows,
            null,
            null,
            null,
            null,
            Map.of(offsetId, Conversions.toByteBuffer(Types.LongType.get(), lowestOffset)),
            Map.of(
                offsetId, Conversions.toByteBuffer(Types.LongType.get(), lowestOffset + rows - 1))))
        .build();
  }
}
