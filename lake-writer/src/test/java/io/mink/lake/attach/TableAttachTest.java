package io.mink.lake.attach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.LakeOffsets;
import io.mink.lake.MinkSnapshot;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.catalog.CatalogLoader;
import io.mink.lake.catalog.LakeSettings;
import io.mink.lake.commit.CommitHook;
import io.mink.lake.commit.LakeCommitter;
import io.mink.lake.commit.RoundCommit;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.schema.KafkaColumns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Baselines and attach commits on tables that plain Iceberg wrote, not Mink. */
class TableAttachTest {
  private static final Schema USER_SCHEMA = withNote();

  @TempDir
  Path directory;

  private Catalog catalog;

  @BeforeEach
  void catalog() {
    catalog = CatalogLoader.load(LakeSettings.embedded(directory));
    ((SupportsNamespaces) catalog).createNamespace(Namespace.of("kafka"));
  }

  @Test
  void baselineOfAPlainTableIsTheHighestOffsetPerPartitionFromTheColumnBounds() {
    Table table = plainTable("orders", Map.of());
    appendPlain(table, 0, 0, 50);
    appendPlain(table, 0, 50, 100);
    appendPlain(table, 1, 0, 10);

    TableAttach.Baseline baseline = TableAttach.baseline(table, current(table));

    assertThat(baseline.source()).isEqualTo(TableAttach.Source.COLUMN_BOUNDS);
    assertThat(baseline.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 100L, 1, 10L)));
    assertThat(baseline.snapshotId()).isEqualTo(table.currentSnapshot().snapshotId());
  }

  @Test
  void withoutColumnBoundsTheBaselineComesFromTheRows() {
    Table table = plainTable("no_metrics", Map.of("write.metadata.metrics.default", "counts"));
    appendPlain(table, 0, 0, 30);
    appendPlain(table, 2, 0, 7);

    TableAttach.Baseline baseline = TableAttach.baseline(table, current(table));

    assertThat(baseline.source()).isEqualTo(TableAttach.Source.ROW_SCAN);
    assertThat(baseline.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 30L, 2, 7L)));
  }

  @Test
  void tableWithoutSnapshotStartsEveryPartitionAtItsLogStart() {
    Table table = plainTable("empty", Map.of());

    TableAttach.Baseline baseline = TableAttach.baseline(table, current(table));

    assertThat(baseline)
        .isEqualTo(new TableAttach.Baseline(LakeOffsets.NONE, TableAttach.Source.EMPTY, null));
  }

  @Test
  void attachCommitsAnEmptyMinkSnapshotWithTheBaselineAndLeavesEveryRow() {
    Table table = plainTable("orders", Map.of());
    appendPlain(table, 0, 0, 100);
    TableMetadata checked = current(table);
    TableAttach.Baseline baseline = TableAttach.baseline(table, checked);
    long dataSnapshot = table.currentSnapshot().snapshotId();

    MinkSnapshot attached = attach(
        table,
        checked,
        baseline,
        MinkTableLayout.attachProperties("orders", "topic-id", Map.of("attach", "true")));

    assertThat(attached.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 100L)));
    assertThat(MinkSnapshot.newest(current(table))).contains(attached);
    assertThat(table.currentSnapshot().parentId()).isEqualTo(dataSnapshot);
    assertThat(table.currentSnapshot().summary())
        .containsEntry("mink-attach", "true")
        .containsEntry("mink-attach-baseline-snapshot", Long.toString(dataSnapshot))
        .containsEntry("total-records", "100")
        .doesNotContainKey("added-data-files");
    assertThat(table.properties())
        .containsEntry("mink.topic", "orders")
        .containsEntry("mink.attach", "true");
    assertThat(rows(table)).hasSize(100).allMatch(row -> "plain".equals(row.getField("note")));

    TableAttach.Baseline again = TableAttach.baseline(table, current(table));
    assertThat(again.source()).isEqualTo(TableAttach.Source.MINK_OFFSETS);
    assertThat(again.offsets()).isEqualTo(attached.offsets());
  }

  @Test
  void aMinkRoundAfterTheAttachStartsFromTheBaseline() {
    Table table = plainTable("orders", Map.of());
    appendPlain(table, 0, 0, 100);
    TableMetadata checked = current(table);
    MinkSnapshot attached = attach(
        table,
        checked,
        TableAttach.baseline(table, checked),
        MinkTableLayout.attachProperties("orders", null, Map.of()));

    List<DataFile> files;
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "round", 0, 1 << 20)) {
      for (long offset = 100; offset < 150; offset++) {
        writer.write(List.of(row(table.schema(), 0, offset, null)));
      }
      files = writer.complete();
    }
    MinkSnapshot round = new LakeCommitter(CommitHook.NONE)
        .commit(
            table,
            new RoundCommit(
                "r1",
                attached.offsets(),
                attached.offsets().advancedTo(Map.of(0, 150L)),
                files,
                Map.of()));

    assertThat(round.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 150L)));
    assertThat(rows(table))
        .hasSize(150)
        .extracting(row -> row.getField(KafkaColumns.OFFSET))
        .doesNotHaveDuplicates();
  }

  @Test
  void aTableChangedAfterTheChecksIsNotTouched() {
    Table table = plainTable("orders", Map.of());
    appendPlain(table, 0, 0, 100);
    TableMetadata checked = current(table);
    TableAttach.Baseline baseline = TableAttach.baseline(table, checked);
    appendPlain(table, 0, 100, 120);
    TableMetadata changed = current(table);

    assertThatThrownBy(() -> attach(
            table, checked, baseline, MinkTableLayout.attachProperties("orders", null, Map.of())))
        .isInstanceOf(AttachConflictException.class)
        .hasMessage(
            "Table kafka.orders changed while Mink attached to it (a snapshot was committed): nothing was "
                + "changed; run mink table add --attach again");

    table.refresh();
    assertThat(current(table).metadataFileLocation()).isEqualTo(changed.metadataFileLocation());
    assertThat(MinkSnapshot.newest(current(table))).isEmpty();
    assertThat(table.properties()).doesNotContainKey("mink.topic");
  }

  @Test
  void formatVersionThreeTablesAttachToo() {
    Table table = plainTable("v3", Map.of("format-version", "3"));
    appendPlain(table, 0, 0, 20);
    TableMetadata checked = current(table);
    assertThat(AttachCheck.problems("kafka.v3", checked, "v3")).isEmpty();

    MinkSnapshot attached = attach(table, checked, TableAttach.baseline(table, checked), Map.of());

    assertThat(attached.offsets()).isEqualTo(LakeOffsets.of(Map.of(0, 20L)));
    assertThat(current(table).nextRowId()).isEqualTo(20);
  }

  private static MinkSnapshot attach(
      Table table,
      TableMetadata checked,
      TableAttach.Baseline baseline,
      Map<String, String> properties) {
    String name = table.name().substring(table.name().lastIndexOf('.') + 1);
    return TableAttach.commit("kafka." + name, table, checked, baseline, properties);
  }

  private Table plainTable(String name, Map<String, String> properties) {
    PartitionSpec spec =
        PartitionSpec.builderFor(USER_SCHEMA).identity(KafkaColumns.PARTITION).build();
    return catalog.createTable(TableIdentifier.of("kafka", name), USER_SCHEMA, spec, properties);
  }

  /** Appends one file of the partition's offsets as any Iceberg writer would, without Mink's summary. */
  static void appendPlain(Table table, int partition, long from, long to) {
    GenericFileWriterFactory factory = new GenericFileWriterFactory.Builder(table)
        .dataFileFormat(FileFormat.PARQUET)
        .build();
    OutputFileFactory files = OutputFileFactory.builderFor(table, partition, 1)
        .format(FileFormat.PARQUET)
        .operationId(UUID.randomUUID().toString())
        .build();
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    key.partition(row(table.schema(), partition, 0, null));
    DataWriter<Record> writer =
        factory.newDataWriter(files.newOutputFile(table.spec(), key), table.spec(), key);
    try (writer) {
      for (long offset = from; offset < to; offset++) {
        writer.write(List.of(row(table.schema(), partition, offset, "plain")));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    table.newAppend().appendFile(writer.toDataFile()).commit();
  }

  private static Record row(Schema schema, int partition, long offset, String note) {
    GenericRecord row = GenericRecord.create(schema);
    row.setField(KafkaColumns.PARTITION, partition);
    row.setField(KafkaColumns.OFFSET, offset);
    row.setField(KafkaColumns.HEADERS, List.of());
    row.setField(KafkaColumns.VALUE, ByteBuffer.wrap(new byte[] {(byte) offset}));
    if (schema.findField("note") != null) {
      row.setField("note", note);
    }
    return row;
  }

  private static TableMetadata current(Table table) {
    table.refresh();
    return ((HasTableOperations) table).operations().current();
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

  private static Schema withNote() {
    List<Types.NestedField> columns = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    columns.add(Types.NestedField.optional(20, "note", Types.StringType.get()));
    return new Schema(columns);
  }
}
