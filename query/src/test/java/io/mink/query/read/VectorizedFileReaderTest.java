package io.mink.query.read;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.batch.RowBatch;
import io.mink.testkit.Warehouse;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterator;
import org.apache.iceberg.types.Types;
import org.apache.parquet.column.EncodingStats;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class VectorizedFileReaderTest {
  private static final int ROWS = 30_000;
  /**
   * Small row groups, pages and dictionaries, so that a file of {@link #ROWS} rows has several row groups of many
   * pages, and a column of many values fills its dictionary after a few pages.
   */
  private static final Map<String, String> SMALL_PARTS = Map.of(
      TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, "131072",
      TableProperties.PARQUET_PAGE_ROW_LIMIT, "100",
      TableProperties.PARQUET_DICT_SIZE_BYTES, "1024");

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @BeforeEach
  void createNamespace() {
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
  }

  @Test
  void everyTypeReadsAsTheRowReaderReadsItInBatchesOfAtMostTheBatchSize() {
    Table table =
        table("all_types", AllTypesRows.SCHEMA, PartitionSpec.unpartitioned(), SMALL_PARTS);
    DataFile file = LakeReads.append(table, 0, ROWS, AllTypesRows::row);
    FileScanTask task = onlyTask(table);
    long bytesBefore = RowBatch.allocatedBytes();

    LakeReads.Vectorized read = LakeReads.vectorizedRead(table.io(), task, table.schema(), 1_000);

    assertThat(read.rows()).hasSize(ROWS);
    assertThat(read.rows()).isEqualTo(LakeReads.rowRead(table.io(), task, table.schema()));
    assertThat(read.batchRows()).hasSizeGreaterThan(ROWS / 1_000).allMatch(rows -> rows <= 1_000);
    assertThat(RowBatch.allocatedBytes()).isEqualTo(bytesBefore);
    ParquetMetadata footer = LakeReads.footer(file);
    assertThat(footer.getBlocks()).hasSizeGreaterThan(2);
    assertThat(footer.getBlocks())
        .allMatch(group -> onlyDictionaryPages(LakeReads.encodings(group, "colour_few")))
        .allMatch(group -> onlyDictionaryPages(LakeReads.encodings(group, "amount_few")))
        .anyMatch(group -> dictionaryThenPlainPages(LakeReads.encodings(group, "text")));
  }

  @Test
  void aBatchOutlivesTheReaderThatReadIt() throws Exception {
    Table table = table("kept", AllTypesRows.SCHEMA, PartitionSpec.unpartitioned(), SMALL_PARTS);
    LakeReads.append(table, 0, 3_000, AllTypesRows::row);
    FileScanTask task = onlyTask(table);
    long bytesBefore = RowBatch.allocatedBytes();

    RowBatch first;
    try (CloseableIterator<RowBatch> batches =
        VectorizedFileReader.open(table.io(), task, table.schema(), 500)) {
      first = batches.next();
    }

    try (first) {
      assertThat(first.toRecords())
          .isEqualTo(LakeReads.rowRead(table.io(), task, table.schema()).subList(0, 500));
    }
    assertThat(RowBatch.allocatedBytes()).isEqualTo(bytesBefore);
  }

  @Test
  void aProjectionReadsItsColumnsInItsOrder() {
    Table table =
        table("projected", AllTypesRows.SCHEMA, PartitionSpec.unpartitioned(), SMALL_PARTS);
    LakeReads.append(table, 0, ROWS, AllTypesRows::row);
    FileScanTask task = onlyTask(table);
    Schema projection = new Schema(
        table.schema().findField("text"),
        table.schema().findField("id"),
        table.schema().findField("cents"));

    LakeReads.Vectorized read = LakeReads.vectorizedRead(table.io(), task, projection, 4_096);

    assertThat(read.rows()).isEqualTo(LakeReads.rowRead(table.io(), task, projection));
    assertThat(read.rows().get(5).getField("text")).isEqualTo("row 1 é");
  }

  @Test
  void columnsPromotedOrAddedSinceTheFileWasWrittenReadAsTheTableTypesThem() {
    Schema written = new Schema(
        required(1, "id", Types.LongType.get()),
        optional(2, "count", Types.IntegerType.get()),
        optional(3, "ratio", Types.FloatType.get()),
        optional(4, "cents", Types.DecimalType.of(9, 2)),
        optional(5, "amount", Types.DecimalType.of(18, 4)));
    Table table = table("evolved", written, PartitionSpec.unpartitioned(), SMALL_PARTS);
    LakeReads.append(table, 0, ROWS, r -> evolvedRow(written, r));
    table
        .updateSchema()
        .updateColumn("count", Types.LongType.get())
        .updateColumn("ratio", Types.DoubleType.get())
        .updateColumn("cents", Types.DecimalType.of(18, 2))
        .addColumn("note", Types.StringType.get())
        .commit();
    FileScanTask task = onlyTask(table);

    LakeReads.Vectorized read = LakeReads.vectorizedRead(table.io(), task, table.schema(), 1_000);

    assertThat(read.rows()).isEqualTo(LakeReads.rowRead(table.io(), task, table.schema()));
    Record row = read.rows().get(2);
    assertThat(row.getField("count")).isEqualTo(-2L * Integer.MAX_VALUE / 3);
    assertThat(row.getField("ratio")).isEqualTo(1.5);
    assertThat(row.getField("cents")).isEqualTo(new BigDecimal("-999.97"));
    assertThat(row.getField("note")).isNull();
  }

  @Test
  void identityPartitionColumnsTakeThePartitionsValue() {
    Schema schema = new Schema(
        required(1, "id", Types.LongType.get()), optional(2, "region", Types.StringType.get()));
    Table table = table(
        "partitioned",
        schema,
        PartitionSpec.builderFor(schema).identity("region").build(),
        Map.of());
    LakeReads.append(
        table, 0, 5_000, r -> GenericRecord.create(schema).copy(Map.of("id", r, "region", "eu")));
    FileScanTask task = onlyTask(table);

    LakeReads.Vectorized read = LakeReads.vectorizedRead(table.io(), task, schema, 1_000);

    assertThat(read.rows()).isEqualTo(LakeReads.rowRead(table.io(), task, schema));
    assertThat(read.rows()).extracting(row -> row.getField("region")).containsOnly("eu");
  }

  @Test
  void rowGroupsTheResidualFilterRulesOutAreSkipped() {
    Table table =
        table("filtered", AllTypesRows.SCHEMA, PartitionSpec.unpartitioned(), SMALL_PARTS);
    LakeReads.append(table, 0, ROWS, AllTypesRows::row);
    FileScanTask task =
        LakeReads.onlyTask(table.newScan().filter(Expressions.greaterThanOrEqual("id", 25_000)));

    LakeReads.Vectorized read = LakeReads.vectorizedRead(table.io(), task, table.schema(), 1_000);

    assertThat(read.rows()).isEqualTo(LakeReads.rowRead(table.io(), task, table.schema()));
    assertThat(read.rows()).hasSizeLessThan(ROWS / 2);
    assertThat(read.rows())
        .extracting(row -> (Long) row.getField("id"))
        .contains(25_000L, ROWS - 1L);
  }

  @Test
  void eachSplitOfAFileReadsTheRowGroupsThatStartInIt() {
    Table table = table("split", AllTypesRows.SCHEMA, PartitionSpec.unpartitioned(), SMALL_PARTS);
    LakeReads.append(table, 0, ROWS, AllTypesRows::row);
    List<FileScanTask> splits = new ArrayList<>();
    onlyTask(table).split(200_000).forEach(splits::add);

    List<Record> rows = new ArrayList<>();
    for (FileScanTask split : splits) {
      List<Record> read =
          LakeReads.vectorizedRead(table.io(), split, table.schema(), 1_000).rows();
      assertThat(read).isEqualTo(LakeReads.rowRead(table.io(), split, table.schema()));
      rows.addAll(read);
    }

    assertThat(splits).hasSizeGreaterThan(1);
    assertThat(rows).extracting(row -> (Long) row.getField("id")).hasSize(ROWS).isSorted();
  }

  @Test
  void appliesToParquetFilesWithoutDeletesProjectedToPrimitiveColumns() {
    Schema schema = new Schema(
        required(1, "id", Types.LongType.get()),
        optional(2, "point", Types.StructType.of(optional(3, "x", Types.DoubleType.get()))),
        optional(4, "tags", Types.ListType.ofOptional(5, Types.StringType.get())));
    Table table =
        table("nested", schema, PartitionSpec.unpartitioned(), Map.of("format-version", "2"));
    LakeReads.append(table, 0, 10, r -> GenericRecord.create(schema).copy(Map.of("id", r)));
    FileScanTask task = onlyTask(table);

    assertThat(VectorizedFileReader.applies(schema.select("id"), task)).isTrue();
    assertThat(VectorizedFileReader.applies(schema.select("id", "point"), task)).isFalse();
    assertThat(VectorizedFileReader.applies(schema.select("id", "tags"), task)).isFalse();
    assertThat(VectorizedFileReader.applies(new Schema(MetadataColumns.FILE_PATH), task))
        .isFalse();
    assertThat(VectorizedFileReader.applies(new Schema(), task)).isFalse();
    assertThatThrownBy(() -> VectorizedFileReader.open(table.io(), task, schema, 100))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot read " + task.file().location() + " vectorized as ");

    table.newRowDelta().addDeletes(positionDeletesOf(table, task.file())).commit();
    assertThat(VectorizedFileReader.applies(schema.select("id"), onlyTask(table)))
        .isFalse();
  }

  @Test
  void parquetV2BooleanAndByteArrayPagesAreRefusedBeforeTheFirstBatchAndTheOtherColumnsRead() {
    Map<String, String> v2 = new java.util.HashMap<>(SMALL_PARTS);
    v2.put(TableProperties.PARQUET_PAGE_VERSION, "v2");
    Table table = table("v2_pages", AllTypesRows.SCHEMA, PartitionSpec.unpartitioned(), v2);
    LakeReads.append(table, 0, 5_000, AllTypesRows::row);
    FileScanTask task = onlyTask(table);
    Schema numbers = table
        .schema()
        .select("id", "count", "big", "price_few", "instant", "uuid_few", "colour_few");

    assertThat(LakeReads.vectorizedRead(table.io(), task, numbers, 1_000).rows())
        .isEqualTo(LakeReads.rowRead(table.io(), task, numbers));
    assertThatThrownBy(() ->
            LakeReads.vectorizedRead(table.io(), task, table.schema().select("id", "text"), 1_000))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessage(
            "Cannot read column text vectorized: it has pages encoded [DELTA_BYTE_ARRAY], which "
                + "iceberg-arrow 1.11 cannot read reliably; read the file with Iceberg's row reader");
    assertThatThrownBy(
            () -> LakeReads.vectorizedRead(table.io(), task, table.schema().select("flag"), 1_000))
        .isInstanceOf(UnsupportedOperationException.class)
        .hasMessageStartingWith("Cannot read column flag vectorized: it has pages encoded [RLE], ");
  }

  private Table table(
      String name, Schema schema, PartitionSpec spec, Map<String, String> properties) {
    return warehouse
        .catalog()
        .createTable(TableIdentifier.of("lake", name), schema, spec, properties);
  }

  private static FileScanTask onlyTask(Table table) {
    return LakeReads.onlyTask(table.newScan());
  }

  private static Record evolvedRow(Schema schema, long r) {
    return GenericRecord.create(schema)
        .copy(Map.of(
            "id",
            r,
            "count",
            (int) (-r * Integer.MAX_VALUE / 3),
            "ratio",
            r * 0.75f,
            "cents",
            BigDecimal.valueOf(-99_999 + r * (r - 1), 2),
            "amount",
            BigDecimal.valueOf(r * 1_000_000_007L, 4)));
  }

  private static DeleteFile positionDeletesOf(Table table, ContentFile<?> file) {
    return FileMetadata.deleteFileBuilder(table.spec())
        .ofPositionDeletes()
        .withPath(file.location() + ".deletes.parquet")
        .withFormat(FileFormat.PARQUET)
        .withFileSizeInBytes(100)
        .withRecordCount(1)
        .build();
  }

  private static boolean onlyDictionaryPages(EncodingStats encodings) {
    return encodings.hasDictionaryEncodedPages() && !encodings.hasNonDictionaryEncodedPages();
  }

  private static boolean dictionaryThenPlainPages(EncodingStats encodings) {
    return encodings.hasDictionaryEncodedPages() && encodings.hasNonDictionaryEncodedPages();
  }
}
