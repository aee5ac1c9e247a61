package io.mink.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.write.PartitionFileWriter;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SparkReaderIT {
  private static final String TABLE = "kafka.orders.v1";
  private static final UUID ORDER_ID = UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e");

  private static final Types.StructType ADDRESS = Types.StructType.of(
      NestedField.optional(6, "city", Types.StringType.get()),
      NestedField.optional(7, "zip", Types.IntegerType.get()));
  private static final Types.StructType CUSTOMER = Types.StructType.of(
      NestedField.optional(4, "name", Types.StringType.get()),
      NestedField.optional(5, "address", ADDRESS));
  private static final Types.StructType LINE = Types.StructType.of(
      NestedField.required(10, "sku", Types.StringType.get()),
      NestedField.optional(11, "quantity", Types.IntegerType.get()));
  private static final Types.StructType ATTRIBUTE = Types.StructType.of(
      NestedField.optional(15, "score", Types.FloatType.get()),
      NestedField.optional(16, "note", Types.StringType.get()));
  private static final Schema FIRST_SCHEMA = new Schema(
      NestedField.required(1, "_kafka_partition", Types.IntegerType.get()),
      NestedField.required(2, "_kafka_offset", Types.LongType.get()),
      NestedField.optional(3, "customer", CUSTOMER),
      NestedField.optional(8, "lines", Types.ListType.ofOptional(9, LINE)),
      NestedField.optional(
          12, "attributes", Types.MapType.ofOptional(13, 14, Types.StringType.get(), ATTRIBUTE)),
      NestedField.optional(17, "price", Types.DecimalType.of(9, 2)),
      NestedField.optional(18, "created_at", Types.TimestampType.withZone()),
      NestedField.optional(19, "local_time", Types.TimestampType.withoutZone()),
      NestedField.optional(20, "day", Types.DateType.get()),
      NestedField.optional(21, "payload", Types.BinaryType.get()),
      NestedField.optional(22, "order_id", Types.UUIDType.get()),
      NestedField.optional(23, "amount", Types.IntegerType.get()),
      NestedField.optional(24, "old_label", Types.StringType.get()));

  private static Warehouse warehouse;
  private static SparkReader spark;

  @BeforeAll
  static void writeTableAndStartSpark() {
    warehouse = Warehouse.create();
    ((SupportsNamespaces) warehouse.catalog()).createNamespace(Namespace.of("kafka"));
    Table table = warehouse
        .catalog()
        .createTable(
            TableIdentifier.of("kafka", "orders.v1"), FIRST_SCHEMA, PartitionSpec.unpartitioned());
    append(
        table, 1, firstSchemaRow(table.schema(), 1, 5), emptyFirstSchemaRow(table.schema(), 1, 6));
    append(table, 0, firstSchemaRow(table.schema(), 0, 1));
    table
        .updateSchema()
        .renameColumn("old_label", "label")
        .renameColumn("customer.name", "full_name")
        .updateColumn("amount", Types.LongType.get())
        .updateColumn("price", Types.DecimalType.of(12, 2))
        .addColumn("channel", Types.StringType.get())
        .commit();
    append(table, 0, secondSchemaRow(table.schema(), 0, 2));
    spark = SparkReader.start(warehouse.lakeSettings());
  }

  @AfterAll
  static void stopSparkAndDeleteWarehouse() {
    if (spark != null) {
      spark.close();
    }
    if (warehouse != null) {
      warehouse.close();
    }
  }

  @Test
  void readsEveryValueOfFilesWrittenBeforeAndAfterTheSchemaChanged() {
    List<Map<String, Object>> rows = spark.read(TABLE);

    assertThat(rows)
        .containsExactly(
            firstSchemaRowAsRead(0, 1),
            secondSchemaRowAsRead(0, 2),
            firstSchemaRowAsRead(1, 5),
            emptyRowAsRead(1, 6));
  }

  @Test
  void schemaShowsRenamedPromotedAndAddedColumns() {
    String schema = spark.schemaJson(TABLE);

    assertThat(schema)
        .contains("{\"name\":\"label\",\"type\":\"string\"")
        .contains("{\"name\":\"full_name\",\"type\":\"string\"")
        .contains("{\"name\":\"amount\",\"type\":\"long\"")
        .contains("{\"name\":\"price\",\"type\":\"decimal(12,2)\"")
        .contains("{\"name\":\"created_at\",\"type\":\"timestamp\"")
        .contains("{\"name\":\"local_time\",\"type\":\"timestamp_ntz\"")
        .contains("{\"name\":\"channel\",\"type\":\"string\"")
        .doesNotContain("old_label");
  }

  @Test
  void unknownTableFailsTheRequestAndTheReaderGoesOn() {
    assertThatThrownBy(() -> spark.read("kafka.missing"))
        .hasMessageStartingWith("Spark cannot read kafka.missing: ")
        .hasMessageContaining("TABLE_OR_VIEW_NOT_FOUND");
    assertThatThrownBy(() -> spark.read("no_namespace"))
        .hasMessageContaining("Table 'no_namespace' is not <namespace>.<table>");

    assertThat(spark.read(TABLE)).hasSize(4);
  }

  @Test
  void readersOfOtherWarehousesShareTheProcessAndEachReadsItsOwnCatalog() {
    try (Warehouse other = Warehouse.create()) {
      ((SupportsNamespaces) other.catalog()).createNamespace(Namespace.of("kafka"));
      Table table = other
          .catalog()
          .createTable(
              TableIdentifier.of("kafka", "orders.v1"),
              FIRST_SCHEMA,
              PartitionSpec.unpartitioned());
      append(table, 3, emptyFirstSchemaRow(table.schema(), 3, 40));
      SparkReader first = SparkReader.start(other.lakeSettings());
      SparkReader second = SparkReader.start(other.lakeSettings());

      assertThat(first.read(TABLE)).singleElement().satisfies(SparkReaderIT::isTheOtherRow);
      assertThat(spark.read(TABLE)).hasSize(4);
      assertThat(second.read(TABLE)).singleElement().satisfies(SparkReaderIT::isTheOtherRow);
      first.close();
      assertThat(second.read(TABLE)).singleElement().satisfies(SparkReaderIT::isTheOtherRow);
      assertThat(spark.read(TABLE)).hasSize(4);
      second.close();
    }
  }

  /** The other warehouse's one row: offset 40 of partition 3, in the first schema (no column renamed yet). */
  private static void isTheOtherRow(Map<String, Object> row) {
    assertThat(row)
        .containsEntry("_kafka_partition", 3L)
        .containsEntry("_kafka_offset", 40L)
        .containsKey("old_label")
        .doesNotContainKey("label");
  }

  private static void append(Table table, int partition, Record... rows) {
    try (PartitionFileWriter writer = PartitionFileWriter.open(
        table, PartitionFileWriter.writerFactory(table), "test-round", partition, 64L << 20)) {
      writer.write(Arrays.asList(rows));
      var append = table.newFastAppend();
      writer.complete().forEach(append::appendFile);
      append.commit();
    }
  }

  private static Record firstSchemaRow(Schema schema, int partition, long offset) {
    Record row = kafkaRow(schema, partition, offset);
    Record customer = GenericRecord.create(schema.findType("customer").asStructType());
    Record address = GenericRecord.create(ADDRESS);
    address.setField("city", "Lyon");
    address.setField("zip", 69001);
    customer.setField("name", "Ada");
    customer.setField("address", address);
    row.setField("customer", customer);
    row.setField("lines", List.of(line("A-1", 2), line("B-2", null)));
    row.setField("attributes", Map.of("color", attribute(0.5f, "red")));
    row.setField("price", new BigDecimal("1234567.89"));
    row.setField(
        "created_at", OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000, ZoneOffset.ofHours(2)));
    row.setField("local_time", LocalDateTime.of(2024, 1, 2, 3, 4, 5, 1_000));
    row.setField("day", LocalDate.of(2024, 2, 29));
    row.setField("payload", ByteBuffer.wrap(new byte[] {0, 1, 2, (byte) 0xff}));
    row.setField("order_id", ORDER_ID);
    row.setField("amount", Integer.MAX_VALUE);
    row.setField("old_label", "first");
    return row;
  }

  private static Record emptyFirstSchemaRow(Schema schema, int partition, long offset) {
    return kafkaRow(schema, partition, offset);
  }

  private static Record secondSchemaRow(Schema schema, int partition, long offset) {
    Record row = kafkaRow(schema, partition, offset);
    Record customer = GenericRecord.create(schema.findType("customer").asStructType());
    customer.setField("full_name", "Grace");
    row.setField("customer", customer);
    row.setField("lines", List.of());
    row.setField("attributes", Map.of());
    row.setField("price", new BigDecimal("-9876543210.05"));
    row.setField(
        "created_at", OffsetDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000, ZoneOffset.UTC));
    row.setField("amount", 5_000_000_000L);
    row.setField("label", "second");
    row.setField("channel", "web");
    return row;
  }

  private static Record kafkaRow(Schema schema, int partition, long offset) {
    Record row = GenericRecord.create(schema);
    row.setField("_kafka_partition", partition);
    row.setField("_kafka_offset", offset);
    return row;
  }

  private static Record line(String sku, Integer quantity) {
    Record line = GenericRecord.create(LINE);
    line.setField("sku", sku);
    line.setField("quantity", quantity);
    return line;
  }

  private static Record attribute(float score, String note) {
    Record attribute = GenericRecord.create(ATTRIBUTE);
    attribute.setField("score", score);
    attribute.setField("note", note);
    return attribute;
  }

  private static Map<String, Object> firstSchemaRowAsRead(long partition, long offset) {
    Map<String, Object> row = emptyRowAsRead(partition, offset);
    row.put("customer", map("full_name", "Ada", "address", map("city", "Lyon", "zip", 69001L)));
    row.put(
        "lines", List.of(map("sku", "A-1", "quantity", 2L), map("sku", "B-2", "quantity", null)));
    row.put("attributes", map("color", map("score", 0.5, "note", "red")));
    row.put("price", "1234567.89");
    row.put("created_at", "2024-01-02T01:04:05.123456Z");
    row.put("local_time", "2024-01-02T03:04:05.000001");
    row.put("day", "2024-02-29");
    row.put("payload", "AAEC/w==");
    row.put("order_id", ORDER_ID.toString());
    row.put("amount", (long) Integer.MAX_VALUE);
    row.put("label", "first");
    return row;
  }

  private static Map<String, Object> secondSchemaRowAsRead(long partition, long offset) {
    Map<String, Object> row = emptyRowAsRead(partition, offset);
    row.put("customer", map("full_name", "Grace", "address", null));
    row.put("lines", List.of());
    row.put("attributes", map());
    row.put("price", "-9876543210.05");
    row.put("created_at", "1969-12-31T23:59:59.999999Z");
    row.put("amount", 5_000_000_000L);
    row.put("label", "second");
    row.put("channel", "web");
    return row;
  }

  private static Map<String, Object> emptyRowAsRead(long partition, long offset) {
    return map(
        "_kafka_partition",
        partition,
        "_kafka_offset",
        offset,
        "customer",
        null,
        "lines",
        null,
        "attributes",
        null,
        "price",
        null,
        "created_at",
        null,
        "local_time",
        null,
        "day",
        null,
        "payload",
        null,
        "order_id",
        null,
        "amount",
        null,
        "label",
        null,
        "channel",
        null);
  }

  /** A map that keeps its order and takes null values, as rows read from JSON are. */
  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
