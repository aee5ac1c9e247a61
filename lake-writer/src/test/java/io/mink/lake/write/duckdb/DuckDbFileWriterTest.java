package io.mink.lake.write.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.mink.lake.PartitionSpecs;
import io.mink.lake.write.ParquetEncoder;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.batch.BatchFileWriterTest;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files DuckDB writes from column batches read back in Iceberg exactly as written, every supported type, nulls
 * at every level, empty lists and maps, NaN; their metrics are those Iceberg's own writer computes; files roll
 * at the target size, an abort leaves nothing, and what DuckDB cannot write goes to parquet-java.
 */
class DuckDbFileWriterTest {
  /** Every type of BatchFileWriterTest's schema but fixed and uuid, which DuckDB cannot write. */
  static final Schema SCHEMA = TypeUtil.selectNot(BatchFileWriterTest.SCHEMA, Set.of(12, 13));

  @TempDir
  Path directory;

  @BeforeEach
  void needsDuckDb() {
    assumeThat(DuckDbSupport.available()).as("DuckDB loads on this platform").isTrue();
  }

  @Test
  void everySupportedTypeReadsBackAsWrittenWithIcebergsMetrics() throws IOException {
    List<Record> rows = rows(500, 7);
    Table table = table("all_types", SCHEMA, PartitionSpecs.kafka(SCHEMA), Map.of());
    long allocated = RowBatch.allocatedBytes();

    List<DataFile> files = write(table, rows, 2);

    assertThat(RowBatch.allocatedBytes()).isEqualTo(allocated);
    assertThat(files).hasSize(1);
    DataFile file = files.get(0);
    assertThat(file.partition().get(0, Integer.class)).isEqualTo(0);
    assertThat(file.location()).startsWith(table.locationProvider().newDataLocation(""));
    assertThat(file.splitOffsets()).isNotEmpty();
    assertThat(read(table, files)).containsExactlyElementsOf(rows);
    Metrics expected = genericWriterMetrics(table.schema(), rows);
    assertThat(file.recordCount()).isEqualTo(rows.size());
    for (Types.NestedField column : table.schema().columns()) {
      if (column.type().isPrimitiveType()) {
        int id = column.fieldId();
        String name = column.name();
        assertThat(file.valueCounts().get(id))
            .as("values of %s", name)
            .isEqualTo(expected.valueCounts().get(id));
        assertThat(file.nullValueCounts().get(id))
            .as("nulls of %s", name)
            .isEqualTo(expected.nullValueCounts().get(id));
        assertThat(file.nanValueCounts().get(id))
            .as("NaN values of %s", name)
            .isEqualTo(expected.nanValueCounts().get(id));
        Type type = column.type();
        assertThat(bound(type, file.lowerBounds().get(id)))
            .as("lower bound of %s", name)
            .isNotNull()
            .isEqualTo(bound(type, expected.lowerBounds().get(id)));
        assertThat(bound(type, file.upperBounds().get(id)))
            .as("upper bound of %s", name)
            .isNotNull()
            .isEqualTo(bound(type, expected.upperBounds().get(id)));
      }
    }
  }

  @Test
  void filesRollAtTheTargetSizeAndKeepEveryRowInOrder() throws IOException {
    List<Record> rows = rows(6_000, 3);
    Table table = table(
        "rolled",
        SCHEMA,
        PartitionSpec.unpartitioned(),
        Map.of(TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, Long.toString(16 << 10)));

    List<DataFile> files;
    try (PartitionFileWriter writer = open(table, 48L << 10)) {
      for (int from = 0; from < rows.size(); from += 250) {
        writer.write(rows.subList(from, from + 250));
        sleepMillis(20);
      }
      files = writer.complete();
    }

    assertThat(files).hasSizeGreaterThan(2);
    assertThat(files.stream().mapToLong(DataFile::recordCount).sum()).isEqualTo(rows.size());
    List<Record> back = read(table, files);
    back.sort(Comparator.comparingLong(row -> (Long) row.getField("id")));
    assertThat(back).containsExactlyElementsOf(rows);
  }

  @Test
  void anAbortLeavesNoFileAndNoMemory() throws IOException {
    Table table = table(
        "aborted",
        SCHEMA,
        PartitionSpec.unpartitioned(),
        Map.of(TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, Long.toString(16 << 10)));
    long allocated = RowBatch.allocatedBytes();
    Path data = Path.of(table.location().replaceFirst("^file:", ""), "data");

    PartitionFileWriter writer = open(table, 48L << 10);
    List<Record> rows = rows(4_000, 5);
    for (int from = 0; from < rows.size(); from += 500) {
      writer.write(rows.subList(from, from + 500));
      sleepMillis(20);
    }
    writer.abort();

    assertThat(RowBatch.allocatedBytes()).isEqualTo(allocated);
    assertThat(parquetFiles(data)).isEmpty();
  }

  @Test
  void uuidFixedAndFinerPartitionsAreRefusedAndWrittenByParquetJava() throws IOException {
    Schema all = BatchFileWriterTest.SCHEMA;
    assertThat(DuckDbSupport.refusal(all, PartitionSpec.unpartitioned())).isPresent();
    assertThat(DuckDbSupport.supports(
            TypeUtil.selectNot(all, Set.of(12)), PartitionSpec.unpartitioned()))
        .as("uuid")
        .isFalse();
    assertThat(DuckDbSupport.supports(
            TypeUtil.selectNot(all, Set.of(13)), PartitionSpec.unpartitioned()))
        .as("fixed")
        .isFalse();
    assertThat(DuckDbSupport.supports(SCHEMA, PartitionSpec.unpartitioned())).isTrue();
    assertThat(DuckDbSupport.supports(SCHEMA, PartitionSpecs.kafka(SCHEMA))).isTrue();
    PartitionSpec byDay = PartitionSpec.builderFor(SCHEMA)
        .identity("_kafka_partition")
        .day("seen")
        .build();
    assertThat(DuckDbSupport.supports(SCHEMA, byDay)).isFalse();
    assertThat(ParquetEncoder.DUCKDB.forFiles(all, PartitionSpec.unpartitioned()))
        .isEqualTo(ParquetEncoder.PARQUET_JAVA);
    assertThat(ParquetEncoder.PARQUET_JAVA.forFiles(SCHEMA, PartitionSpec.unpartitioned()))
        .isEqualTo(ParquetEncoder.PARQUET_JAVA);

    Table table = table("with_uuid", all, PartitionSpec.unpartitioned(), Map.of());
    List<Record> rows = BatchFileWriterTest.rows(100, new Random(1));
    List<DataFile> files;
    try (PartitionFileWriter writer = open(table, 64L << 20)) {
      writer.write(rows);
      files = writer.complete();
    }
    assertThat(read(table, files)).containsExactlyElementsOf(rows);
  }

  @Test
  void aFailedCopySurfacesDuckDbsMessage() {
    Path missing = directory.resolve("no-such-directory").resolve("file.parquet");
    DuckDbCopy copy = DuckDbCopy.start(SCHEMA, missing, 1 << 20);
    List<Record> rows = rows(100, 9);
    long allocated = RowBatch.allocatedBytes();
    RuntimeException failure = null;
    try {
      for (int i = 0; i < 20 && failure == null; i++) {
        try (RowBatch batch = RowBatch.of(SCHEMA, rows)) {
          copy.write(batch);
        } catch (RuntimeException e) {
          failure = e;
        }
      }
      if (failure == null) {
        copy.finish();
      }
    } catch (RuntimeException e) {
      failure = e;
    }
    assertThat(failure)
        .hasMessageContaining("DuckDB could not write")
        .hasMessageContaining(missing.toString());
    assertThat(RowBatch.allocatedBytes()).isLessThanOrEqualTo(allocated);
  }

  /** A bound as the value it encodes: decimals may come in more bytes than Iceberg's writer uses. */
  private static Object bound(Type type, ByteBuffer bytes) {
    return bytes == null ? null : Conversions.fromByteBuffer(type, bytes.duplicate());
  }

  private static PartitionFileWriter open(Table table, long targetFileSizeBytes) {
    return PartitionFileWriter.open(
        table,
        table.schema(),
        PartitionFileWriter.writerFactory(table),
        "round",
        0,
        targetFileSizeBytes,
        ParquetEncoder.DUCKDB);
  }

  private static List<DataFile> write(Table table, List<Record> rows, int batches) {
    try (PartitionFileWriter writer = open(table, 64L << 20)) {
      int size = rows.size() / batches;
      for (int from = 0; from < rows.size(); from += size) {
        writer.write(rows.subList(from, Math.min(rows.size(), from + size)));
      }
      return writer.complete();
    }
  }

  static List<Record> rows(int count, long seed) {
    List<Record> rows = new ArrayList<>();
    for (Record full : BatchFileWriterTest.rows(count, new Random(seed))) {
      GenericRecord row = GenericRecord.create(SCHEMA);
      for (Types.NestedField column : SCHEMA.columns()) {
        row.setField(column.name(), full.getField(column.name()));
      }
      rows.add(row);
    }
    return rows;
  }

  private Table table(
      String name, Schema schema, PartitionSpec spec, Map<String, String> properties) {
    HadoopCatalog catalog =
        new HadoopCatalog(new org.apache.hadoop.conf.Configuration(), directory.toString());
    return catalog.createTable(
        TableIdentifier.of(Namespace.of("lake"), name), schema, spec, properties);
  }

  private static List<Record> read(Table table, List<DataFile> files) throws IOException {
    var append = table.newFastAppend();
    files.forEach(append::appendFile);
    append.commit();
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> all = IcebergGenerics.read(table).build()) {
      all.forEach(rows::add);
    }
    return rows;
  }

  private Metrics genericWriterMetrics(Schema schema, List<Record> rows) throws IOException {
    java.io.File file = directory.resolve("generic.parquet").toFile();
    FileAppender<Record> appender = Parquet.write(org.apache.iceberg.Files.localOutput(file))
        .schema(schema)
        .createWriterFunc(GenericParquetWriter::create)
        .build();
    try {
      appender.addAll(rows);
    } finally {
      appender.close();
    }
    return appender.metrics();
  }

  private static List<Path> parquetFiles(Path data) throws IOException {
    if (!Files.exists(data)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(data)) {
      return files.filter(path -> path.toString().endsWith(".parquet")).toList();
    }
  }

  private static void sleepMillis(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
