package io.mink.lake.write.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.lake.write.PartitionFileWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Files;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
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
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files written from column batches are the files Iceberg's own generic writer makes of the same rows: every
 * type, nulls at every level, empty lists and maps, NaN; the same values read back and the same metrics.
 */
public class BatchFileWriterTest {
  private static final Types.StructType POINT = Types.StructType.of(
      Types.NestedField.required(30, "x", Types.DoubleType.get()),
      Types.NestedField.optional(31, "label", Types.StringType.get()));
  private static final Types.StructType LISTED_POINT = Types.StructType.of(
      Types.NestedField.required(40, "x", Types.DoubleType.get()),
      Types.NestedField.optional(41, "label", Types.StringType.get()));
  public static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "_kafka_partition", Types.IntegerType.get()),
      Types.NestedField.required(2, "id", Types.LongType.get()),
      Types.NestedField.optional(3, "flag", Types.BooleanType.get()),
      Types.NestedField.optional(4, "ratio", Types.FloatType.get()),
      Types.NestedField.optional(5, "amount", Types.DoubleType.get()),
      Types.NestedField.optional(6, "day", Types.DateType.get()),
      Types.NestedField.optional(7, "at", Types.TimeType.get()),
      Types.NestedField.optional(8, "seen", Types.TimestampType.withZone()),
      Types.NestedField.optional(9, "local", Types.TimestampType.withoutZone()),
      Types.NestedField.optional(10, "name", Types.StringType.get()),
      Types.NestedField.optional(11, "blob", Types.BinaryType.get()),
      Types.NestedField.optional(12, "code", Types.FixedType.ofLength(3)),
      Types.NestedField.optional(13, "uuid", Types.UUIDType.get()),
      Types.NestedField.optional(14, "small", Types.DecimalType.of(5, 2)),
      Types.NestedField.optional(15, "medium", Types.DecimalType.of(15, 4)),
      Types.NestedField.optional(16, "large", Types.DecimalType.of(30, 6)),
      Types.NestedField.optional(17, "point", POINT),
      Types.NestedField.optional(18, "tags", Types.ListType.ofOptional(32, Types.StringType.get())),
      Types.NestedField.optional(19, "points", Types.ListType.ofRequired(33, LISTED_POINT)),
      Types.NestedField.optional(
          20,
          "scores",
          Types.MapType.ofOptional(34, 35, Types.StringType.get(), Types.IntegerType.get())),
      Types.NestedField.optional(
          21,
          "nested",
          Types.ListType.ofOptional(36, Types.ListType.ofOptional(37, Types.LongType.get()))));

  @TempDir
  Path directory;

  @Test
  void everyTypeReadsBackAsWrittenWithIcebergsOwnMetrics() throws IOException {
    List<Record> rows = rows(500, new Random(7));
    Table table = table("all_types", PartitionSpec.unpartitioned());

    DataFile file = write(table, rows);

    assertThat(read(table, file)).containsExactlyElementsOf(rows);
    Metrics expected = genericWriterMetrics(table.schema(), rows);
    assertThat(file.recordCount()).isEqualTo(rows.size());
    assertThat(file.valueCounts()).isEqualTo(expected.valueCounts());
    assertThat(file.nullValueCounts()).isEqualTo(expected.nullValueCounts());
    assertThat(file.nanValueCounts()).isEqualTo(expected.nanValueCounts());
    assertThat(file.lowerBounds()).isEqualTo(expected.lowerBounds());
    assertThat(file.upperBounds()).isEqualTo(expected.upperBounds());
  }

  @Test
  void rowsGoToThePartitionsOfTheirValues() throws IOException {
    List<Record> rows = rows(200, new Random(11));
    Table table = table(
        "by_day", PartitionSpec.builderFor(SCHEMA).day("seen").bucket("name", 4).build());

    List<DataFile> files;
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "round", 0, 64L << 20)) {
      writer.write(rows);
      files = writer.complete();
    }

    assertThat(files).hasSizeGreaterThan(1);
    List<Record> back = new ArrayList<>();
    for (DataFile file : files) {
      back.addAll(read(table, file));
    }
    assertThat(back).containsExactlyInAnyOrderElementsOf(rows);
  }

  private Table table(String name, PartitionSpec spec) {
    HadoopCatalog catalog =
        new HadoopCatalog(new org.apache.hadoop.conf.Configuration(), directory.toString());
    return catalog.createTable(TableIdentifier.of(Namespace.of("lake"), name), SCHEMA, spec);
  }

  private static DataFile write(Table table, List<Record> rows) {
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "round", 0, 64L << 20)) {
      writer.write(rows.subList(0, rows.size() / 2));
      writer.write(rows.subList(rows.size() / 2, rows.size()));
      List<DataFile> files = writer.complete();
      assertThat(files).hasSize(1);
      return files.get(0);
    }
  }

  private static List<Record> read(Table table, DataFile file) throws IOException {
    table.newFastAppend().appendFile(file).commit();
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> all = IcebergGenerics.read(table).build()) {
      all.forEach(rows::add);
    }
    table.newDelete().deleteFile(file).commit();
    return rows;
  }

  private Metrics genericWriterMetrics(Schema schema, List<Record> rows) throws IOException {
    java.io.File file = directory.resolve("generic.parquet").toFile();
    FileAppender<Record> appender = Parquet.write(Files.localOutput(file))
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

  public static List<Record> rows(int count, Random random) {
    List<Record> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add(row(i, random));
    }
    return rows;
  }

  private static Record row(int i, Random random) {
    GenericRecord row = GenericRecord.create(SCHEMA);
    boolean sparse = i % 7 == 3;
    row.setField("_kafka_partition", 0);
    row.setField("id", (long) i * 1_000_003L - 50_000_000L);
    row.setField("flag", sparse ? null : random.nextBoolean());
    Float ratio = sparse ? null : Float.valueOf(random.nextFloat() - 0.5f);
    row.setField("ratio", i % 11 == 5 ? Float.valueOf(Float.NaN) : ratio);
    row.setField("amount", i % 13 == 2 ? Double.NaN : random.nextGaussian() * 1e6);
    row.setField("day", sparse ? null : LocalDate.of(1965, 1, 1).plusDays(random.nextInt(40_000)));
    row.setField(
        "at",
        sparse ? null : LocalTime.ofNanoOfDay(random.nextInt(86_400) * 1_000_000_000L + 123_000L));
    row.setField(
        "seen",
        sparse
            ? null
            : OffsetDateTime.of(
                2026, 1 + i % 3, 1 + i % 28, i % 24, 5, 7, 654_321_000, ZoneOffset.UTC));
    row.setField("local", sparse ? null : LocalDateTime.of(1960 + i % 80, 3, 4, 5, 6, 7, 1_000));
    row.setField("name", sparse ? null : "name-" + (i % 17) + "-é");
    row.setField("blob", sparse ? null : ByteBuffer.wrap(bytes(random, i % 40)));
    row.setField("code", sparse ? null : bytes(random, 3));
    row.setField("uuid", sparse ? null : new UUID(random.nextLong(), random.nextLong()));
    row.setField("small", sparse ? null : BigDecimal.valueOf(random.nextInt(199_999) - 99_999, 2));
    row.setField(
        "medium", sparse ? null : BigDecimal.valueOf(random.nextLong() % 999_999_999_999_999L, 4));
    row.setField(
        "large", sparse ? null : new BigDecimal(new java.math.BigInteger(90, random), 6).negate());
    row.setField(
        "point",
        i % 5 == 1 ? null : point(POINT, random.nextDouble(), i % 3 == 0 ? null : "p" + i));
    row.setField("tags", i % 6 == 0 ? null : i % 6 == 1 ? List.of() : tags(i));
    row.setField(
        "points",
        i % 4 == 0
            ? List.of()
            : List.of(point(LISTED_POINT, i, "a"), point(LISTED_POINT, -i, null)));
    row.setField("scores", i % 9 == 0 ? null : i % 9 == 1 ? Map.of() : Map.of("s" + i, i, "t", -i));
    row.setField("nested", i % 8 == 0 ? null : nested(i));
    return row;
  }

  private static List<String> tags(int i) {
    List<String> tags = new ArrayList<>();
    tags.add("t" + i);
    tags.add(null);
    tags.add(new String(new char[i % 5]).replace('\0', 'x'));
    return tags;
  }

  private static List<List<Long>> nested(int i) {
    List<List<Long>> nested = new ArrayList<>();
    nested.add(List.of((long) i, (long) -i));
    nested.add(null);
    nested.add(List.of());
    return nested;
  }

  private static Record point(Types.StructType type, double x, String label) {
    GenericRecord point = GenericRecord.create(type);
    point.setField("x", x);
    point.setField("label", label);
    return point;
  }

  private static byte[] bytes(Random random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }
}
