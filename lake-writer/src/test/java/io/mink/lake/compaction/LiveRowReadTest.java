package io.mink.lake.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.mink.lake.write.ParquetEncoder;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.duckdb.DuckDbSupport;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.function.LongPredicate;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The column-wise read of a rewrite group's live rows ({@link DeletedRowsRewriter#readLiveRows}) returns, for every
 * column type, nulls at every level and several row groups, the very values Iceberg's generic Parquet reader
 * returns for the same rows, whoever wrote the file; and reads files written before columns were added or
 * promoted as the generic reader reads them under the new schema.
 */
class LiveRowReadTest {
  private static final Types.StructType INNER = Types.StructType.of(
      Types.NestedField.optional(40, "deep", Types.LongType.get()),
      Types.NestedField.required(41, "word", Types.StringType.get()));
  private static final Types.StructType POINT = Types.StructType.of(
      Types.NestedField.required(30, "x", Types.DoubleType.get()),
      Types.NestedField.optional(31, "label", Types.StringType.get()),
      Types.NestedField.optional(32, "inner", INNER));
  static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "flag", Types.BooleanType.get()),
      Types.NestedField.optional(3, "count", Types.IntegerType.get()),
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
      Types.NestedField.required(
          18,
          "origin",
          Types.StructType.of(
              Types.NestedField.required(33, "lat", Types.DoubleType.get()),
              Types.NestedField.optional(34, "lon", Types.DoubleType.get()))),
      Types.NestedField.optional(19, "tags", Types.ListType.ofOptional(35, Types.StringType.get())),
      Types.NestedField.optional(
          20,
          "scores",
          Types.MapType.ofOptional(36, 37, Types.StringType.get(), Types.IntegerType.get())),
      Types.NestedField.optional(
          21,
          "with_list",
          Types.StructType.of(Types.NestedField.optional(
              38,
              "items",
              Types.ListType.ofRequired(
                  39,
                  Types.StructType.of(
                      Types.NestedField.optional(42, "deep", Types.LongType.get()),
                      Types.NestedField.required(43, "word", Types.StringType.get())))))));
  private static final int ROWS = 9_000;

  @TempDir
  Path directory;

  /** Who writes the file read. */
  enum Writer {
    MINK_PARQUET_JAVA,
    MINK_DUCKDB,
    ICEBERG_GENERIC
  }

  @ParameterizedTest
  @EnumSource(Writer.class)
  void everyColumnTypeReadsAsIcebergsGenericReaderReadsIt(Writer writer) {
    // DuckDB writes neither fixed nor uuid columns: Mink writes those tables with parquet-java
    Schema schema =
        writer == Writer.MINK_DUCKDB ? TypeUtil.selectNot(SCHEMA, Set.of(12, 13)) : SCHEMA;
    if (writer == Writer.MINK_DUCKDB) {
      assumeThat(DuckDbSupport.available()).as("DuckDB loads on this platform").isTrue();
      assertThat(DuckDbSupport.supports(schema, PartitionSpec.unpartitioned())).isTrue();
    }
    Table table = table("all_" + writer.name().toLowerCase(Locale.ROOT), schema);
    List<Record> rows = rows(schema, ROWS, new Random(17));
    DataFile file = write(table, writer, rows);
    LongPredicate deleted = position -> position % 3 == 1 || (position > 4_000 && position < 5_200);

    List<Record> columnWise = columnWise(table, table.schema(), file, deleted);

    assertThat(columnWise).hasSize(ROWS - countDeleted(ROWS, deleted));
    assertThat(columnWise).containsExactlyElementsOf(generic(table, table.schema(), file, deleted));
  }

  @Test
  void everyRowLiveOrEveryRowDeletedReadsAllOrNone() {
    Table table = table("all_or_none", SCHEMA);
    DataFile file = write(table, Writer.MINK_PARQUET_JAVA, rows(SCHEMA, 5_000, new Random(3)));

    assertThat(columnWise(table, table.schema(), file, position -> false))
        .containsExactlyElementsOf(generic(table, table.schema(), file, position -> false));
    assertThat(columnWise(table, table.schema(), file, position -> true)).isEmpty();
  }

  @Test
  void columnsAddedRenamedOrPromotedAfterTheFileReadAsTheGenericReaderReadsThem() {
    Schema before = new Schema(
        Types.NestedField.required(1, "id", Types.LongType.get()),
        Types.NestedField.optional(2, "count", Types.IntegerType.get()),
        Types.NestedField.optional(3, "ratio", Types.FloatType.get()),
        Types.NestedField.optional(4, "price", Types.DecimalType.of(7, 2)),
        Types.NestedField.optional(
            5,
            "point",
            Types.StructType.of(Types.NestedField.optional(6, "x", Types.DoubleType.get()))));
    Table table = table("evolved", before);
    DataFile file = write(table, Writer.MINK_PARQUET_JAVA, rows(before, 6_000, new Random(5)));
    table
        .updateSchema()
        .updateColumn("count", Types.LongType.get())
        .updateColumn("ratio", Types.DoubleType.get())
        .updateColumn("price", Types.DecimalType.of(20, 2))
        .renameColumn("id", "key_id")
        .addColumn("note", Types.StringType.get())
        .addColumn("point", "y", Types.IntegerType.get())
        .commit();
    LongPredicate deleted = position -> position % 5 == 0;

    List<Record> columnWise = columnWise(table, table.schema(), file, deleted);

    assertThat(columnWise).hasSize(6_000 - countDeleted(6_000, deleted));
    assertThat(columnWise).containsExactlyElementsOf(generic(table, table.schema(), file, deleted));
    assertThat(columnWise).allSatisfy(row -> assertThat(row.getField("note")).isNull());
    assertThat(columnWise).anySatisfy(row -> assertThat(row.getField("count")).isNotNull());
  }

  private static int countDeleted(int rows, LongPredicate deleted) {
    int count = 0;
    for (long position = 0; position < rows; position++) {
      count += deleted.test(position) ? 1 : 0;
    }
    return count;
  }

  private Table table(String name, Schema schema) {
    HadoopCatalog catalog =
        new HadoopCatalog(new org.apache.hadoop.conf.Configuration(), directory.toString());
    catalog.createNamespace(Namespace.of("kafka"));
    return catalog.createTable(
        TableIdentifier.of("kafka", name),
        schema,
        PartitionSpec.unpartitioned(),
        Map.of(
            TableProperties.FORMAT_VERSION, "3",
            TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, Long.toString(64 << 10),
            TableProperties.PARQUET_ROW_GROUP_CHECK_MIN_RECORD_COUNT, "50",
            TableProperties.PARQUET_ROW_GROUP_CHECK_MAX_RECORD_COUNT, "200"));
  }

  private static DataFile write(Table table, Writer writer, List<Record> rows) {
    if (writer == Writer.ICEBERG_GENERIC) {
      return writeGeneric(table, rows);
    }
    ParquetEncoder encoder =
        writer == Writer.MINK_DUCKDB ? ParquetEncoder.DUCKDB : ParquetEncoder.PARQUET_JAVA;
    try (PartitionFileWriter files = PartitionFileWriter.open(
        table,
        table.schema(),
        PartitionFileWriter.writerFactory(table),
        "live-row-read",
        0,
        Long.MAX_VALUE,
        encoder)) {
      for (int from = 0; from < rows.size(); from += 1_000) {
        try (RowBatch batch =
            RowBatch.of(table.schema(), rows.subList(from, Math.min(rows.size(), from + 1_000)))) {
          files.write(batch);
        }
      }
      List<DataFile> written = files.complete();
      assertThat(written).hasSize(1);
      return written.get(0);
    }
  }

  private static DataFile writeGeneric(Table table, List<Record> rows) {
    OutputFile out =
        table.io().newOutputFile(table.locationProvider().newDataLocation("generic.parquet"));
    FileAppender<Record> appender;
    try {
      appender = Parquet.write(out)
          .schema(table.schema())
          .setAll(table.properties())
          .createWriterFunc(GenericParquetWriter::create)
          .build();
      try (appender) {
        appender.addAll(rows);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return DataFiles.builder(PartitionSpec.unpartitioned())
        .withInputFile(out.toInputFile())
        .withFormat(FileFormat.PARQUET)
        .withMetrics(appender.metrics())
        .withSplitOffsets(appender.splitOffsets())
        .build();
  }

  private static List<Record> columnWise(
      Table table, Schema schema, DataFile file, LongPredicate deleted) {
    List<Record> rows = new ArrayList<>();
    long allocated = RowBatch.allocatedBytes();
    List<Integer> batchSizes = new ArrayList<>();
    DeletedRowsRewriter.readLiveRows(table.io(), schema, file, deleted, batch -> {
      try (batch) {
        batchSizes.add(batch.rows());
        rows.addAll(batch.toRecords());
      }
    });
    assertThat(RowBatch.allocatedBytes()).isEqualTo(allocated);
    assertThat(batchSizes).hasSizeGreaterThan(1);
    return rows;
  }

  /** The live rows as Iceberg's generic Parquet reader reads them, positions from its _pos column. */
  private static List<Record> generic(
      Table table, Schema schema, DataFile file, LongPredicate deleted) {
    Schema read = TypeUtil.join(schema, new Schema(MetadataColumns.ROW_POSITION));
    List<Record> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = Parquet.read(table.io().newInputFile(file.location()))
        .project(read)
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(read, fileSchema))
        .build()) {
      for (Record record : records) {
        if (!deleted.test((Long) record.getField(MetadataColumns.ROW_POSITION.name()))) {
          GenericRecord row = GenericRecord.create(schema);
          for (int i = 0; i < schema.columns().size(); i++) {
            row.set(i, record.get(i));
          }
          rows.add(row);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  static List<Record> rows(Schema schema, int count, Random random) {
    List<Record> rows = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      rows.add((Record) value(schema.asStruct(), true, random));
    }
    return rows;
  }

  /** A random value of the type; null for an optional one a tenth of the time. */
  private static Object value(Type type, boolean required, Random random) {
    if (!required && random.nextInt(10) == 0) {
      return null;
    }
    return switch (type.typeId()) {
      case BOOLEAN -> random.nextBoolean();
      case INTEGER -> random.nextInt();
      case LONG -> random.nextLong();
      case FLOAT -> random.nextFloat() * 1e6f - 5e5f;
      case DOUBLE -> random.nextGaussian() * 1e9;
      case DATE -> LocalDate.ofEpochDay(random.nextInt(80_000) - 20_000);
      case TIME -> LocalTime.ofNanoOfDay(random.nextLong(86_400_000_000L) * 1_000);
      case TIMESTAMP -> timestamp((Types.TimestampType) type, random);
      // a few distinct strings among many, so that pages are dictionary-encoded and plain
      case STRING -> random.nextInt(3) == 0 ? "word-" + random.nextInt(20) : text(random);
      case BINARY -> ByteBuffer.wrap(text(random).getBytes(StandardCharsets.UTF_8));
      case FIXED -> bytes(((Types.FixedType) type).length(), random);
      case UUID -> new UUID(random.nextLong(), random.nextLong());
      case DECIMAL -> decimal((Types.DecimalType) type, random);
      case STRUCT -> struct(type.asStructType(), random);
      case LIST -> list(type.asListType(), random);
      case MAP -> map(type.asMapType(), random);
      default -> throw new IllegalArgumentException("No values of " + type);
    };
  }

  private static Object timestamp(Types.TimestampType type, Random random) {
    Instant instant = Instant.ofEpochSecond(
        random.nextLong(4_000_000_000L) - 1_000_000_000L, random.nextInt(1_000_000) * 1_000L);
    OffsetDateTime time = instant.atOffset(ZoneOffset.UTC);
    return type.shouldAdjustToUTC() ? time : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  private static String text(Random random) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(24);
    for (int i = 0; i < length; i++) {
      text.append((char) ('a' + random.nextInt(26)));
    }
    return random.nextInt(8) == 0 ? text + "é✓" : text.toString();
  }

  private static byte[] bytes(int length, Random random) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private static BigDecimal decimal(Types.DecimalType type, Random random) {
    BigInteger unscaled = new BigInteger(
        (int) Math.floor((type.precision() - 1) * Math.log(10) / Math.log(2)), random);
    return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), type.scale());
  }

  private static Record struct(Types.StructType type, Random random) {
    GenericRecord record = GenericRecord.create(type);
    for (int i = 0; i < type.fields().size(); i++) {
      Types.NestedField field = type.fields().get(i);
      record.set(i, value(field.type(), field.isRequired(), random));
    }
    return record;
  }

  private static List<Object> list(Types.ListType type, Random random) {
    List<Object> values = new ArrayList<>();
    int size = random.nextInt(4);
    for (int i = 0; i < size; i++) {
      values.add(value(type.elementType(), type.isElementRequired(), random));
    }
    return values;
  }

  private static Map<Object, Object> map(Types.MapType type, Random random) {
    Map<Object, Object> values = new HashMap<>();
    int size = random.nextInt(4);
    for (int i = 0; i < size; i++) {
      values.put(
          value(type.keyType(), true, random),
          value(type.valueType(), type.isValueRequired(), random));
    }
    return values;
  }
}
