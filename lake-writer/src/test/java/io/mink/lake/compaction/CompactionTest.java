package io.mink.lake.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.LakeOffsets;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Small files rewritten in the round's own snapshot: fewer files, the very same rows. */
class CompactionTest {
  private static final long TARGET = 1024 * 1024;

  @TempDir
  Path directory;

  private Table table;
  private final LakeCommitter committer = new LakeCommitter(CommitHook.NONE);
  private LakeOffsets offsets = LakeOffsets.NONE;

  @BeforeEach
  void createTable() {
    table = new LakeTables(CatalogLoader.load(LakeSettings.embedded(directory)))
        .create(
            TableIdentifier.of("kafka", "clicks"),
            MinkTableLayout.properties("clicks", null, TARGET, Map.of()));
  }

  @Test
  void smallFilesOfEachKafkaPartitionAreRewrittenInTheRoundsSnapshotWithTheSameRows()
      throws IOException {
    for (int round = 0; round < 5; round++) {
      commitRound(
          List.of(file(0, round * 10L, round * 10L + 10), file(1, round * 7L, round * 7L + 7)),
          Compaction.NONE);
    }
    List<Row> before = rows();
    List<DataFile> current = files();
    assertThat(current).hasSize(10);

    List<List<DataFile>> groups = CompactionPlanner.plan(current, TARGET, 128L * 1024 * 1024);
    Compaction compaction = SmallFileRewriter.rewrite(table, groups, "r6", 128L * 1024 * 1024);
    commitRound(List.of(file(0, 50, 60)), compaction);

    assertThat(groups).hasSize(2).allSatisfy(group -> assertThat(group).hasSize(5));
    assertThat(compaction.removed()).hasSize(10);
    assertThat(compaction.added()).hasSize(2);
    assertThat(files()).hasSize(3);
    assertThat(table.currentSnapshot().operation()).isEqualTo("overwrite");
    assertThat(table.currentSnapshot().summary())
        .containsEntry("mink-offsets", "{\"0\":60,\"1\":35}");
    List<Row> expected = new ArrayList<>(before);
    for (long offset = 50; offset < 60; offset++) {
      expected.add(new Row(0, offset));
    }
    assertThat(rows()).containsExactlyInAnyOrderElementsOf(expected);
    for (DataFile file : files()) {
      assertThat(CompactionPlanner.kafkaPartition(file)).isPresent();
    }
  }

  @Test
  void fewerThanThreeSmallFilesOrARunBrokenByALargeFileAreLeftAlone() {
    commitRound(List.of(file(0, 0, 10), file(0, 10, 20)), Compaction.NONE);

    assertThat(CompactionPlanner.plan(files(), TARGET, 128L * 1024 * 1024)).isEmpty();
    assertThat(CompactionPlanner.plan(files(), 1, 128L * 1024 * 1024)).isEmpty();
  }

  @Test
  void groupsStopAtTheSplitTargetSize() {
    commitRound(
        List.of(
            file(0, 0, 10),
            file(0, 10, 20),
            file(0, 20, 30),
            file(0, 30, 40),
            file(0, 40, 50),
            file(0, 50, 60)),
        Compaction.NONE);
    long fileSize = files().get(0).fileSizeInBytes();

    List<List<DataFile>> groups =
        CompactionPlanner.plan(files(), TARGET, fileSize * 3 + fileSize / 2);

    assertThat(groups).hasSize(2).allSatisfy(group -> assertThat(group).hasSize(3));
    assertThat(CompactionPlanner.firstOffset(groups.get(0).get(0))).isZero();
    assertThat(CompactionPlanner.firstOffset(groups.get(1).get(0))).isEqualTo(30);
  }

  private void commitRound(List<DataFile> newFiles, Compaction compaction) {
    Map<Integer, Long> next = new java.util.HashMap<>();
    for (DataFile file : newFiles) {
      int partition = CompactionPlanner.kafkaPartition(file).getAsInt();
      next.merge(partition, upperOffset(file) + 1, Math::max);
    }
    LakeOffsets end = offsets.advancedTo(next);
    committer.commit(
        table,
        new RoundCommit(
            java.util.UUID.randomUUID().toString(),
            offsets,
            end,
            newFiles,
            Map.of(),
            java.util.Optional.empty(),
            compaction));
    offsets = end;
    table.refresh();
  }

  private static long upperOffset(DataFile file) {
    return org.apache.iceberg.types.Conversions.<Long>fromByteBuffer(
        org.apache.iceberg.types.Types.LongType.get(), file.upperBounds().get(2));
  }

  private List<DataFile> files() {
    table.refresh();
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks =
        table.newScan().includeColumnStats().planFiles()) {
      tasks.forEach(task -> files.add(task.file()));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return files;
  }

  private List<Row> rows() throws IOException {
    List<Row> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> rows.add(new Row(
          (Integer) record.getField("_kafka_partition"), (Long) record.getField("_kafka_offset"))));
    }
    return rows;
  }

  private DataFile file(int partition, long from, long to) {
    RowAssembler rows = new RowAssembler(KafkaColumns.SCHEMA);
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "test", partition, TARGET)) {
      for (long offset = from; offset < to; offset++) {
        writer.write(List.of(
            rows.rawRow(new ConsumerRecord<>("clicks", partition, offset, null, new byte[] {1}))));
      }
      return writer.complete().get(0);
    }
  }

  private record Row(int partition, long offset) {}
}
