package io.mink.indexer.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.mink.lake.PartitionSpecs;
import io.mink.lake.write.ParquetEncoder;
import io.mink.lake.write.PartitionFileWriter;
import io.mink.lake.write.duckdb.DuckDbSupport;
import io.mink.schema.KafkaColumns;
import io.mink.schema.batch.RowBatch;
import io.mink.testkit.SparkReader;
import io.mink.testkit.Warehouse;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Spark, an independent Iceberg reader, reads a table whose files DuckDB wrote through PartitionFileWriter
 * ({@link ParquetEncoder#DUCKDB}) from column batches, every value as it was written: each type DuckDB writes
 * that Spark reads (Spark has no time of day), nulls at every level, empty lists and maps.
 */
class DuckDbSparkReadIT {
  private static final Types.StructType POINT = Types.StructType.of(
      Types.NestedField.required(30, "x", Types.DoubleType.get()),
      Types.NestedField.optional(31, "label", Types.StringType.get()));
  private static final Types.StructType LISTED_POINT = Types.StructType.of(
      Types.NestedField.required(40, "x", Types.DoubleType.get()),
      Types.NestedField.optional(41, "label", Types.StringType.get()));
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, KafkaColumns.PARTITION, Types.IntegerType.get()),
      Types.NestedField.required(2, KafkaColumns.OFFSET, Types.LongType.get()),
      Types.NestedField.optional(3, "flag", Types.BooleanType.get()),
      Types.NestedField.optional(4, "ratio", Types.FloatType.get()),
      Types.NestedField.optional(5, "amount", Types.DoubleType.get()),
      Types.NestedField.optional(6, "day", Types.DateType.get()),
      Types.NestedField.optional(7, "seen", Types.TimestampType.withZone()),
      Types.NestedField.optional(8, "local", Types.TimestampType.withoutZone()),
      Types.NestedField.optional(9, "name", Types.StringType.get()),
      Types.NestedField.optional(10, "blob", Types.BinaryType.get()),
      Types.NestedField.optional(11, "small", Types.DecimalType.of(5, 2)),
      Types.NestedField.optional(12, "medium", Types.DecimalType.of(15, 4)),
      Types.NestedField.optional(13, "large", Types.DecimalType.of(30, 6)),
      Types.NestedField.optional(14, "point", POINT),
      Types.NestedField.optional(15, "tags", Types.ListType.ofOptional(32, Types.StringType.get())),
      Types.NestedField.optional(16, "points", Types.ListType.ofRequired(33, LISTED_POINT)),
      Types.NestedField.optional(
          17,
          "scores",
          Types.MapType.ofOptional(34, 35, Types.StringType.get(), Types.IntegerType.get())),
      Types.NestedField.optional(
          18,
          "nested",
          Types.ListType.ofOptional(36, Types.ListType.ofOptional(37, Types.LongType.get()))));

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  @Test
  void sparkReadsWhatDuckDbWroteFromColumnBatches() {
    assumeThat(DuckDbSupport.available()).as("DuckDB loads on this platform").isTrue();
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("lake"));
    Table table = warehouse
        .catalog()
        .createTable(TableIdentifier.of("lake", "duck"), SCHEMA, PartitionSpecs.kafka(SCHEMA));
    List<Record> rows = new ArrayList<>();
    for (int i = 0; i < 700; i++) {
      rows.add(row(i));
    }
    long allocated = RowBatch.allocatedBytes();

    List<DataFile> files;
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table,
        table.schema(),
        PartitionFileWriter.writerFactory(table),
        "round",
        0,
        64L << 20,
        ParquetEncoder.DUCKDB)) {
      for (int from = 0; from < rows.size(); from += 200) {
        try (RowBatch batch =
            RowBatch.of(table.schema(), rows.subList(from, Math.min(rows.size(), from + 200)))) {
          writer.write(batch);
        }
      }
      files = writer.complete();
    }
    var append = table.newFastAppend();
    files.forEach(append::appendFile);
    append.commit();

    assertThat(RowBatch.allocatedBytes()).isEqualTo(allocated);
    assertThat(files).hasSize(1);
    try (SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
      List<Map<String, Object>> read = spark.read("lake.duck");
      assertThat(read).hasSize(rows.size());
      for (int i = 0; i < rows.size(); i++) {
        assertThat(read.get(i)).as("row %d", i).isEqualTo(sparkRow(SCHEMA.asStruct(), rows.get(i)));
      }
    }
  }

  private static Record row(int i) {
    GenericRecord row = GenericRecord.create(SCHEMA);
    boolean sparse = i % 7 == 3;
    row.setField(KafkaColumns.PARTITION, 0);
    row.setField(KafkaColumns.OFFSET, (long) i);
    row.setField("flag", sparse ? null : i % 2 == 0);
    row.setField("ratio", sparse ? null : (i - 350) / 8f);
    row.setField("amount", sparse ? null : (i - 350) * 1234.5678);
    row.setField("day", sparse ? null : LocalDate.of(1965, 1, 1).plusDays(i * 97L));
    row.setField(
        "seen",
        sparse
            ? null
            : OffsetDateTime.of(
                2026, 1 + i % 12, 1 + i % 28, i % 24, 5, 7, 654_321_000, ZoneOffset.UTC));
    row.setField("local", sparse ? null : LocalDateTime.of(1960 + i % 80, 3, 4, 5, 6, 7, 1_000));
    row.setField("name", sparse ? null : "name-" + (i % 17) + "-é");
    row.setField("blob", sparse ? null : ByteBuffer.wrap(new byte[] {(byte) i, (byte) -i, 0}));
    row.setField("small", sparse ? null : BigDecimal.valueOf(i * 131 - 50_000, 2));
    row.setField("medium", sparse ? null : BigDecimal.valueOf(i * 7_777_777_777L - 3, 4));
    row.setField(
        "large",
        sparse ? null : new BigDecimal("-123456789012345678901.123456").add(BigDecimal.valueOf(i)));
    row.setField("point", i % 5 == 1 ? null : point(POINT, i * 0.5, i % 3 == 0 ? null : "p" + i));
    row.setField(
        "tags", i % 6 == 0 ? null : i % 6 == 1 ? List.of() : Arrays.asList("t" + i, null, ""));
    row.setField(
        "points",
        i % 4 == 0
            ? List.of()
            : List.of(point(LISTED_POINT, i, "a"), point(LISTED_POINT, -i, null)));
    row.setField("scores", i % 9 == 0 ? null : i % 9 == 1 ? Map.of() : Map.of("s" + i, i, "t", -i));
    row.setField(
        "nested", i % 8 == 0 ? null : Arrays.asList(List.of((long) i, (long) -i), null, List.of()));
    return row;
  }

  private static Record point(Types.StructType type, double x, String label) {
    GenericRecord point = GenericRecord.create(type);
    point.setField("x", x);
    point.setField("label", label);
    return point;
  }

  /** A row as {@link SparkReader} hands it back. */
  private static Map<String, Object> sparkRow(Types.StructType type, StructLike row) {
    Map<String, Object> values = new LinkedHashMap<>();
    List<Types.NestedField> fields = type.fields();
    for (int i = 0; i < fields.size(); i++) {
      values.put(fields.get(i).name(), spark(fields.get(i).type(), row.get(i, Object.class)));
    }
    return values;
  }

  private static Object spark(Type type, Object value) {
    if (value == null) {
      return null;
    }
    return switch (type.typeId()) {
      case STRUCT -> sparkRow(type.asStructType(), (StructLike) value);
      case LIST ->
        ((List<?>) value)
            .stream()
                .map(element -> spark(type.asListType().elementType(), element))
                .toList();
      case MAP -> {
        Map<String, Object> entries = new LinkedHashMap<>();
        ((Map<?, ?>) value)
            .forEach((key, entry) ->
                entries.put(key.toString(), spark(type.asMapType().valueType(), entry)));
        yield entries;
      }
      case INTEGER, LONG -> ((Number) value).longValue();
      case FLOAT -> SparkValues.floating((Float) value);
      case DECIMAL -> SparkValues.decimal((BigDecimal) value);
      case BINARY -> SparkValues.base64(bytes((ByteBuffer) value));
      case TIMESTAMP ->
        value instanceof OffsetDateTime at
            ? SparkValues.timestamptz(at.toInstant())
            : SparkValues.timestamp((LocalDateTime) value);
      case DATE -> value.toString();
      default -> value;
    };
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.duplicate().get(bytes);
    return bytes;
  }
}
