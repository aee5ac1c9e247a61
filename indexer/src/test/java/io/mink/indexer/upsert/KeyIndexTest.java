package io.mink.indexer.upsert;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.KafkaColumns;
import io.mink.schema.table.RowAssembler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key index read from the lake, and how it follows the table's lineage. */
class KeyIndexTest {
  @TempDir
  Path directory;

  private Table table;

  @BeforeEach
  void createTable() {
    table = new LakeTables(CatalogLoader.load(LakeSettings.embedded(directory)))
        .create(
            TableIdentifier.of("kafka", "customers"),
            MinkTableLayout.properties("customers", null, 128L << 20, Map.of("mode", "upsert")));
  }

  @Test
  void aKeyMetTwiceKeepsTheRowOfTheHigherOffsetWhicheverFileHasTheLowerOffsets() {
    DataFile compacted = file(row(0, "a"), row(50, "k"));
    DataFile older = file(row(10, "b"), row(20, "k"));
    AppendFiles append = table.newAppend();
    append.appendFile(compacted);
    append.appendFile(older);
    append.commit();
    KeyIndex index = new KeyIndex("kafka.customers", new KeyIndexBudget(1L << 30));
    index.beginRound(table.currentSnapshot().snapshotId());

    PartitionKeys keys = index.partition(table, 0, Set.of());

    assertThat(keys.find(key("k")))
        .isEqualTo(new PartitionKeys.RowLocation(keys.find(key("k")).file(), 1));
    assertThat(keys.find(key("k")).file().location()).isEqualTo(compacted.location());
    assertThat(keys.takeStrays())
        .extracting(stray -> stray.file().location(), PartitionKeys.RowLocation::position)
        .containsExactly(org.assertj.core.groups.Tuple.tuple(older.location(), 1L));
  }

  @Test
  void aCommitWhoseParentIsAnotherWritersMakesTheIndexStartOver() {
    table.newAppend().appendFile(file(row(0, "k"))).commit();
    long base = table.currentSnapshot().snapshotId();
    KeyIndex index = new KeyIndex("kafka.customers", new KeyIndexBudget(1L << 30));
    index.beginRound(base);
    PartitionKeys before = index.partition(table, 0, Set.of());
    table.newAppend().appendFile(file(row(1, "x"))).commit();
    long foreign = table.currentSnapshot().snapshotId();
    table.newAppend().appendFile(file(row(2, "y"))).commit();

    index.committed(table.currentSnapshot().snapshotId(), foreign);
    index.beginRound(table.currentSnapshot().snapshotId());

    assertThat(index.partition(table, 0, Set.of())).isNotSameAs(before);
  }

  @Test
  void aCommitOnTheRoundsOwnBaseKeepsTheIndex() {
    table.newAppend().appendFile(file(row(0, "k"))).commit();
    long base = table.currentSnapshot().snapshotId();
    KeyIndex index = new KeyIndex("kafka.customers", new KeyIndexBudget(1L << 30));
    index.beginRound(base);
    PartitionKeys before = index.partition(table, 0, Set.of());
    table.newAppend().appendFile(file(row(1, "x"))).commit();

    index.committed(table.currentSnapshot().snapshotId(), base);
    index.beginRound(table.currentSnapshot().snapshotId());

    assertThat(index.partition(table, 0, Set.of())).isSameAs(before);
  }

  private static KeyHash key(String key) {
    return KeyHash.of(key.getBytes(StandardCharsets.UTF_8));
  }

  private static ConsumerRecord<byte[], byte[]> row(long offset, String key) {
    return new ConsumerRecord<>(
        "customers", 0, offset, key.getBytes(StandardCharsets.UTF_8), new byte[] {1});
  }

  @SafeVarargs
  private DataFile file(ConsumerRecord<byte[], byte[]>... records) {
    RowAssembler rows = new RowAssembler(KafkaColumns.SCHEMA);
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "test", 0, 128L << 20)) {
      for (ConsumerRecord<byte[], byte[]> record : records) {
        writer.write(List.of(rows.rawRow(record)));
      }
      return writer.complete().get(0);
    }
  }
}
