package io.mink.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.catalog.LakeTables;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.TypeUtil;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tables as Mink creates them, written by Mink's writer and committed by its committer, read back by Iceberg. */
class TableLayoutTest {
  private static final Instant DAY_ONE = Instant.parse("2026-03-01T10:00:00Z");
  private static final long DAY_MICROS = 24L * 3600 * 1_000_000;

  @TempDir
  Path directory;

  private LakeTables lake;
  private final LakeCommitter committer = new LakeCommitter(CommitHook.NONE);

  @BeforeEach
  void catalog() {
    lake = new LakeTables(CatalogLoader.load(LakeSettings.embedded(directory)));
  }

  @Test
  void defaultSpecGivesEveryFileItsKafkaPartitionAndFiltersOnItPrune() {
    Table table =
        lake.create(id("orders"), MinkTableLayout.properties("orders", null, 1 << 20, Map.of()));
    assertThat(PartitionSpecs.describe(table.spec())).isEqualTo("identity(_kafka_partition)");

    List<DataFile> files = new ArrayList<>();
    for (int partition = 0; partition < 3; partition++) {
      files.addAll(write(table, partition, 0, 50, offset -> DAY_ONE));
    }
    commit(table, files, Map.of(0, 50L, 1, 50L, 2, 50L));

    assertThat(files).hasSize(3);
    for (DataFile file : files) {
      assertThat(file.partition().size()).isEqualTo(1);
      assertThat(file.location())
          .contains("/_kafka_partition=" + file.partition().get(0, Integer.class) + "/");
    }
    assertThat(plannedPartitions(table, Expressions.equal(KafkaColumns.PARTITION, 1)))
        .containsExactly(1);
    assertThat(rows(table)).hasSize(150);
  }

  @Test
  void dayPartitionedRowsLandInTheirDayAndTimeFiltersPrune() {
    PartitionSpec spec = PartitionSpecs.forNewTable(
        KafkaColumns.SCHEMA, PartitionSpecs.parse(List.of("day(_kafka_timestamp)")));
    Table table = lake.create(
        id("clicks"), spec, MinkTableLayout.properties("clicks", null, 1 << 20, Map.of()));

    // offsets 0..89 of partition 0 over three days, one record of day one arriving late at offset
    // 90
    List<DataFile> files = new ArrayList<>(write(
        table,
        0,
        0,
        91,
        offset -> offset == 90 ? DAY_ONE : DAY_ONE.plusSeconds(86_400L * (offset / 30))));
    files.addAll(write(table, 1, 0, 10, offset -> DAY_ONE));
    commit(table, files, Map.of(0, 91L, 1, 10L));

    Map<String, Long> rowsByPartition = new HashMap<>();
    for (DataFile file : files) {
      String key =
          file.partition().get(0, Integer.class) + "/" + file.partition().get(1, Integer.class);
      assertThat(rowsByPartition.put(key, file.recordCount()))
          .as("one file per partition key")
          .isNull();
    }
    int dayOne = (int) (DAY_ONE.getEpochSecond() / 86_400);
    assertThat(rowsByPartition)
        .isEqualTo(Map.of(
            "0/" + dayOne,
            31L,
            "0/" + (dayOne + 1),
            30L,
            "0/" + (dayOne + 2),
            30L,
            "1/" + dayOne,
            10L));

    long dayTwoMicros = (dayOne + 1) * DAY_MICROS;
    assertThat(plannedFiles(
            table, Expressions.greaterThanOrEqual(KafkaColumns.TIMESTAMP, dayTwoMicros)))
        .hasSize(2);
    assertThat(plannedFiles(
            table,
            Expressions.and(
                Expressions.equal(KafkaColumns.PARTITION, 0),
                Expressions.lessThan(KafkaColumns.TIMESTAMP, dayTwoMicros))))
        .hasSize(1);
    assertThat(rows(table)).hasSize(101);
  }

  @Test
  void formatVersionThreeTakesMinkCommitsAndGivesRowsLineage() {
    Table table = lake.create(
        id("v3"),
        MinkTableLayout.properties("v3", null, 1 << 20, Map.of("iceberg.format-version", "3")));
    assertThat(((HasTableOperations) table).operations().current().formatVersion())
        .isEqualTo(3);
    assertThat(table.properties()).containsEntry("write.delete.mode", "merge-on-read");

    commit(table, write(table, 0, 0, 40, offset -> DAY_ONE), Map.of(0, 40L));
    commit(table, write(table, 0, 40, 100, offset -> DAY_ONE), Map.of(0, 100L));
    commit(table, List.of(), Map.of(0, 105L));

    table.refresh();
    assertThat(((HasTableOperations) table).operations().current().nextRowId()).isEqualTo(100);
    assertThat(table.currentSnapshot().summary()).containsEntry("mink-offsets", "{\"0\":105}");
    Schema withLineage = MetadataColumns.schemaWithRowLineage(TypeUtil.select(
        table.schema(),
        java.util.Set.of(table.schema().findField(KafkaColumns.OFFSET).fieldId())));
    Map<Long, Long> rowIdByOffset = new HashMap<>();
    try (CloseableIterable<Record> rows =
        IcebergGenerics.read(table).project(withLineage).build()) {
      for (Record row : rows) {
        rowIdByOffset.put((Long) row.getField(KafkaColumns.OFFSET), (Long) row.getField("_row_id"));
        assertThat(row.getField("_last_updated_sequence_number")).isNotNull();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    assertThat(rowIdByOffset).hasSize(100);
    assertThat(rowIdByOffset.values()).doesNotHaveDuplicates().allMatch(id -> id >= 0 && id < 100);
    assertThat(rowIdByOffset.get(0L)).isZero();
    assertThat(rowIdByOffset.get(99L)).isEqualTo(99);
  }

  @Test
  void parquetOptionsReachMinksWriter() {
    Table table = lake.create(
        id("small_groups"),
        MinkTableLayout.properties(
            "small_groups",
            null,
            64L << 20,
            Map.of(
                "iceberg.write.parquet.row-group-size-bytes",
                "8192",
                "iceberg.write.parquet.row-group-check-min-record-count",
                "10",
                "iceberg.write.parquet.row-group-check-max-record-count",
                "10")));

    List<DataFile> files = write(table, 0, 0, 2_000, offset -> DAY_ONE);

    assertThat(files).hasSize(1);
    assertThat(files.get(0).splitOffsets()).as("row groups").hasSizeGreaterThan(1);
  }

  private List<DataFile> write(
      Table table,
      int partition,
      long from,
      long to,
      java.util.function.LongFunction<Instant> timestamp) {
    table.refresh();
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table,
        PartitionFileWriter.writerFactory(table),
        UUID.randomUUID().toString(),
        partition,
        1 << 20)) {
      for (long offset = from; offset < to; offset++) {
        GenericRecord row = GenericRecord.create(table.schema());
        row.setField(KafkaColumns.PARTITION, partition);
        row.setField(KafkaColumns.OFFSET, offset);
        row.setField(
            KafkaColumns.TIMESTAMP,
            OffsetDateTime.ofInstant(timestamp.apply(offset), ZoneOffset.UTC));
        row.setField(KafkaColumns.HEADERS, List.of());
        row.setField(
            KafkaColumns.VALUE,
            ByteBuffer.wrap(("value-" + offset).getBytes(StandardCharsets.UTF_8)));
        writer.write(List.of(row));
      }
      return writer.complete();
    }
  }

  private void commit(Table table, List<DataFile> files, Map<Integer, Long> advance) {
    table.refresh();
    LakeOffsets start =
        MinkSnapshot.newest(table).map(MinkSnapshot::offsets).orElse(LakeOffsets.NONE);
    committer.commit(
        table,
        new RoundCommit(
            UUID.randomUUID().toString(), start, start.advancedTo(advance), files, Map.of()));
  }

  private static List<FileScanTask> plannedFiles(Table table, Expression filter) {
    List<FileScanTask> tasks = new ArrayList<>();
    try (CloseableIterable<FileScanTask> planned =
        table.newScan().filter(filter).planFiles()) {
      planned.forEach(tasks::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tasks;
  }

  private static List<Integer> plannedPartitions(Table table, Expression filter) {
    return plannedFiles(table, filter).stream()
        .map(task -> task.file().partition().get(0, Integer.class))
        .toList();
  }

  private static List<Record> rows(Table table) {
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> rows.add(record.copy()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  private static TableIdentifier id(String name) {
    return TableIdentifier.of("kafka", name);
  }
}
