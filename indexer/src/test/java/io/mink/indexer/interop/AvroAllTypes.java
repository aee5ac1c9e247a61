package io.mink.indexer.interop;

import io.apicurio.registry.serde.avro.AvroKafkaSerializer;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Avro's part of the all-types table: GenericRecords with a field of each type of docs/type-mapping.md's Avro
 * section, and uuid on a 16-byte fixed, written by Apicurio's AvroKafkaSerializer. The schema is made from
 * {@link #FIELDS} alone: a type is added by adding its field there.
 *
 * <p>The serializer registers the schema whole ({@code apicurio.registry.dereference-schema}): splitting its named
 * types into references, its default, recurses without end on the recursive record {@code Node} (a
 * StackOverflowError in Apicurio's AvroSchemaParser.handleReferences, serdes 3.1.7).
 */
final class AvroAllTypes implements AllTypesLanguage {
  static final int RECORDS = 3;

  /**
   * A field of the record: its Avro type, its column's Iceberg type, the value of each record (null for null),
   * how that value is given to Avro's writer (with the field's schema, unions of null and one type unwrapped), how
   * Spark reads it back, and whether Spark reads a null as {@code read} makes it (a JSON column holds the text
   * {@code null}) rather than as a null cell.
   */
  private record Field(
      String name,
      String avroType,
      String icebergType,
      List<?> values,
      BiFunction<Schema, Object, Object> datum,
      Function<Object, Object> read,
      boolean readsNull) {
    Field {
      if (values.size() != RECORDS) {
        throw new IllegalArgumentException(
            name + " has " + values.size() + " values, not " + RECORDS);
      }
    }
  }

  static final List<Field> FIELDS = List.of(
      field("avro_boolean", "\"boolean\"", "boolean", values(true, false, true), SparkValues::asIs),
      field(
          "avro_int",
          "\"int\"",
          "int",
          values(Integer.MIN_VALUE, 0, 123_456),
          SparkValues::integer),
      field(
          "avro_long",
          "\"long\"",
          "long",
          values(Long.MIN_VALUE, Long.MAX_VALUE, 0L),
          SparkValues::asIs),
      field(
          "avro_float",
          "\"float\"",
          "float",
          values(Float.MAX_VALUE, -1.1f, 0f),
          SparkValues::floating),
      field(
          "avro_double",
          "\"double\"",
          "double",
          values(Double.MIN_VALUE, -2.5e300, 0.1),
          SparkValues::asIs),
      field(
          "avro_bytes",
          "\"bytes\"",
          "binary",
          values(new byte[] {0, 1, -1}, new byte[0], utf8("é")),
          (schema, bytes) -> ByteBuffer.wrap(bytes),
          SparkValues::base64),
      field(
          "avro_string",
          "\"string\"",
          "string",
          values("plain", "", "Zürich ✓ 東京"),
          SparkValues::asIs),
      field(
          "avro_record",
          "{\"type\":\"record\",\"name\":\"Inner\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"}]}",
          "struct<a: int>",
          values(1, -2, 0),
          AvroAllTypes::inner,
          a -> Map.of("a", SparkValues.integer(a))),
      field(
          "avro_enum",
          "{\"type\":\"enum\",\"name\":\"Color\",\"symbols\":[\"RED\",\"GREEN\"]}",
          "string",
          values("RED", "GREEN", "GREEN"),
          GenericData.EnumSymbol::new,
          SparkValues::asIs),
      field(
          "avro_array",
          "{\"type\":\"array\",\"items\":\"long\"}",
          "list<long>",
          values(List.of(1L, -2L), List.<Long>of(), List.of(Long.MAX_VALUE)),
          SparkValues::asIs),
      field(
          "avro_map",
          "{\"type\":\"map\",\"values\":\"long\"}",
          "map<string, long>",
          values(Map.of("one", 1L), Map.<String, Long>of(), Map.of("ü", -1L, "b", 2L)),
          SparkValues::asIs),
      field(
          "avro_fixed",
          "{\"type\":\"fixed\",\"name\":\"Hash\",\"size\":16}",
          "fixed[16]",
          values(sequence(16, 1), sequence(16, -128), sequence(16, 0)),
          GenericData.Fixed::new,
          SparkValues::base64),
      field(
          "avro_optional_string",
          "[\"null\",\"string\"]",
          "string",
          values("present", "", null),
          SparkValues::asIs),
      field(
          "avro_optional_string_null_last",
          "[\"string\",\"null\"]",
          "string",
          values(null, "second", null),
          SparkValues::asIs),
      field(
          "avro_decimal",
          "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":9,\"scale\":2}",
          "decimal(9, 2)",
          values(decimal("1234567.89"), decimal("-0.05"), decimal("0.00")),
          AvroAllTypes::decimalBytes,
          SparkValues::decimal),
      field(
          "avro_decimal_38",
          "{\"type\":\"fixed\",\"name\":\"Amount\",\"size\":16,\"logicalType\":\"decimal\","
              + "\"precision\":38,\"scale\":10}",
          "decimal(38, 10)",
          values(
              decimal("9999999999999999999999999999.9999999999"),
              decimal("-0.0000000001"),
              decimal("12.5000000000")),
          AvroAllTypes::decimalFixed,
          SparkValues::decimal),
      field(
          "avro_wide_decimal",
          "{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":40,\"scale\":2}",
          "string",
          values(
              decimal("12345678901234567890123456789012345678.91"),
              decimal("-0.01"),
              decimal("0.00")),
          AvroAllTypes::decimalBytes,
          SparkValues::decimal),
      field(
          "avro_uuid",
          "{\"type\":\"string\",\"logicalType\":\"uuid\"}",
          "uuid",
          values(
              UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e"),
              new UUID(0, 0),
              new UUID(-1, -1)),
          (schema, uuid) -> uuid.toString(),
          UUID::toString),
      field(
          "avro_uuid_fixed",
          "{\"type\":\"fixed\",\"name\":\"Uuid16\",\"size\":16,\"logicalType\":\"uuid\"}",
          "uuid",
          values(
              UUID.fromString("7c9e6679-7425-40de-944b-e07fc1f90ae7"),
              new UUID(1, 2),
              new UUID(-1, 0)),
          (schema, uuid) -> new GenericData.Fixed(schema, uuidBytes(uuid)),
          UUID::toString),
      field(
          "avro_date",
          "{\"type\":\"int\",\"logicalType\":\"date\"}",
          "date",
          values(LocalDate.of(2024, 2, 29), LocalDate.of(1900, 1, 1), LocalDate.EPOCH),
          (schema, date) -> (int) date.toEpochDay(),
          LocalDate::toString),
      field(
          "avro_time_millis",
          "{\"type\":\"int\",\"logicalType\":\"time-millis\"}",
          "long",
          values(
              LocalTime.of(23, 59, 59, 999_000_000),
              LocalTime.MIDNIGHT,
              LocalTime.of(8, 15, 0, 1_000_000)),
          (schema, time) -> (int) (time.toNanoOfDay() / 1_000_000),
          AvroAllTypes::microsOfDay),
      field(
          "avro_time_micros",
          "{\"type\":\"long\",\"logicalType\":\"time-micros\"}",
          "long",
          values(
              LocalTime.of(23, 59, 59, 999_999_000), LocalTime.of(0, 0, 0, 1_000), LocalTime.NOON),
          (schema, time) -> microsOfDay(time),
          AvroAllTypes::microsOfDay),
      field(
          "avro_timestamp_millis",
          "{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}",
          "timestamptz",
          values(
              instant("2024-02-29T23:59:58.125Z"),
              instant("1969-07-20T20:17:40.001Z"),
              Instant.EPOCH),
          (schema, instant) -> instant.toEpochMilli(),
          SparkValues::timestamptz),
      field(
          "avro_timestamp_micros",
          "{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}",
          "timestamptz",
          values(
              instant("2024-02-29T23:59:58.123456Z"),
              instant("1969-07-20T20:17:40.000001Z"),
              Instant.EPOCH),
          (schema, instant) -> ChronoUnit.MICROS.between(Instant.EPOCH, instant),
          SparkValues::timestamptz),
      field(
          "avro_local_timestamp_millis",
          "{\"type\":\"long\",\"logicalType\":\"local-timestamp-millis\"}",
          "timestamp",
          values(
              local("2024-02-29T23:59:58.125"),
              local("1969-07-20T20:17:40.001"),
              local("1970-01-01T00:00")),
          (schema, local) -> local.toInstant(ZoneOffset.UTC).toEpochMilli(),
          SparkValues::timestamp),
      field(
          "avro_local_timestamp_micros",
          "{\"type\":\"long\",\"logicalType\":\"local-timestamp-micros\"}",
          "timestamp",
          values(
              local("2024-02-29T23:59:58.123456"),
              local("1969-07-20T20:17:40.000001"),
              local("2000-01-01T12:00")),
          (schema, local) ->
              ChronoUnit.MICROS.between(Instant.EPOCH, local.toInstant(ZoneOffset.UTC)),
          SparkValues::timestamp),
      field(
          "avro_timestamp_nanos",
          "{\"type\":\"long\",\"logicalType\":\"timestamp-nanos\"}",
          "long",
          values(
              instant("2024-02-29T23:59:58.123456789Z"),
              instant("1969-07-20T20:17:40.000000001Z"),
              Instant.EPOCH),
          (schema, instant) -> nanos(instant),
          AvroAllTypes::nanos),
      field(
          "avro_local_timestamp_nanos",
          "{\"type\":\"long\",\"logicalType\":\"local-timestamp-nanos\"}",
          "long",
          values(
              local("2024-02-29T23:59:58.123456789"),
              local("1969-07-20T20:17:40.000000001"),
              local("1970-01-01T00:00")),
          (schema, local) -> nanos(local.toInstant(ZoneOffset.UTC)),
          local -> nanos(local.toInstant(ZoneOffset.UTC))),
      field(
          "avro_duration",
          "{\"type\":\"fixed\",\"name\":\"Span\",\"size\":12,\"logicalType\":\"duration\"}",
          "fixed[12]",
          values(duration(1, 2, 3_000), duration(0, 0, 0), duration(12, 31, 86_399_999)),
          GenericData.Fixed::new,
          SparkValues::base64),
      json("avro_union", "[\"null\",\"string\",\"long\"]", values("text", 42L, null)),
      json("avro_union_without_null", "[\"string\",\"long\"]", values(7L, "seven", "")),
      field(
          "avro_recursive",
          "{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"next\","
              + "\"type\":[\"null\",\"Node\"]}]}",
          "struct<next: optional string>",
          values(1, 3, 2),
          AvroAllTypes::nodes,
          length -> Collections.singletonMap("next", SparkValues.json(nodesAsJson(length - 1)))));

  static final Schema SCHEMA = new Schema.Parser()
      .parse(FIELDS.stream()
          .map(field -> "{\"name\":\"" + field.name() + "\",\"type\":" + field.avroType() + "}")
          .collect(Collectors.joining(
              ",",
              "{\"type\":\"record\",\"name\":\"AllTypes\",\"namespace\":\"mink.alltypes.avro\",\"fields\":[",
              "]}")));

  @Override
  public Serializer<Object> serializer(String apicurioUrl) {
    Map<String, Object> config = AllTypesLanguage.apicurioConfig(apicurioUrl);
    config.put("apicurio.registry.dereference-schema", true);
    AvroKafkaSerializer<Object> serializer = new AvroKafkaSerializer<>();
    serializer.configure(config, false);
    return serializer;
  }

  @Override
  public List<Object> values() {
    List<Object> records = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      GenericData.Record record = new GenericData.Record(SCHEMA);
      for (Field field : FIELDS) {
        Object value = field.values().get(i);
        Schema schema = withoutNull(SCHEMA.getField(field.name()).schema());
        record.put(field.name(), value == null ? null : field.datum().apply(schema, value));
      }
      records.add(record);
    }
    return records;
  }

  @Override
  public List<AllTypesColumn> columns() {
    return FIELDS.stream()
        .map(field -> new AllTypesColumn(
            field.name(),
            field.icebergType(),
            field.values().stream()
                .map(value ->
                    value == null && !field.readsNull() ? null : field.read().apply(value))
                .toList()))
        .toList();
  }

  @SuppressWarnings("unchecked")
  private static <T> Field field(
      String name,
      String avroType,
      String icebergType,
      List<T> values,
      BiFunction<Schema, T, Object> datum,
      Function<T, Object> read) {
    return new Field(
        name,
        avroType,
        icebergType,
        values,
        (schema, value) -> datum.apply(schema, (T) value),
        value -> read.apply((T) value),
        false);
  }

  /** A field whose values Avro's writer takes as they are. */
  private static <T> Field field(
      String name, String avroType, String icebergType, List<T> values, Function<T, Object> read) {
    return field(name, avroType, icebergType, values, (schema, value) -> value, read);
  }

  /** A union of several non-null types, a string column of JSON: a null is the JSON text {@code null}. */
  private static Field json(String name, String avroType, List<Object> values) {
    return new Field(
        name, avroType, "string", values, (schema, value) -> value, SparkValues::json, true);
  }

  @SafeVarargs
  private static <T> List<T> values(T... values) {
    List<T> list = new ArrayList<>(values.length);
    for (T value : values) {
      list.add(value);
    }
    return list;
  }

  /** The one non-null branch of a union of null and one type, or the schema itself. */
  private static Schema withoutNull(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    List<Schema> branches = schema.getTypes().stream()
        .filter(branch -> branch.getType() != Schema.Type.NULL)
        .toList();
    return branches.size() == 1 ? branches.get(0) : schema;
  }

  private static GenericData.Record inner(Schema schema, int a) {
    GenericData.Record inner = new GenericData.Record(schema);
    inner.put("a", a);
    return inner;
  }

  /** A chain of {@code length} Nodes, each the next of the one before. */
  private static GenericData.Record nodes(Schema node, int length) {
    GenericData.Record head = new GenericData.Record(node);
    head.put("next", length == 1 ? null : nodes(node, length - 1));
    return head;
  }

  /** A chain of {@code length} Nodes as JSON does it: {"next": {"next": null}}; null for none. */
  private static Map<String, Object> nodesAsJson(int length) {
    return length == 0 ? null : Collections.singletonMap("next", nodesAsJson(length - 1));
  }

  private static ByteBuffer decimalBytes(Schema schema, BigDecimal value) {
    return ByteBuffer.wrap(unscaled(schema, value));
  }

  private static GenericData.Fixed decimalFixed(Schema schema, BigDecimal value) {
    byte[] unscaled = unscaled(schema, value);
    byte[] fixed = new byte[schema.getFixedSize()];
    Arrays.fill(fixed, 0, fixed.length - unscaled.length, value.signum() < 0 ? (byte) -1 : 0);
    System.arraycopy(unscaled, 0, fixed, fixed.length - unscaled.length, unscaled.length);
    return new GenericData.Fixed(schema, fixed);
  }

  private static byte[] unscaled(Schema schema, BigDecimal value) {
    int scale = ((LogicalTypes.Decimal) schema.getLogicalType()).getScale();
    return value.setScale(scale).unscaledValue().toByteArray();
  }

  private static byte[] uuidBytes(UUID uuid) {
    return ByteBuffer.allocate(16)
        .putLong(uuid.getMostSignificantBits())
        .putLong(uuid.getLeastSignificantBits())
        .array();
  }

  /** Avro's duration: months, days and milliseconds as unsigned little-endian ints. */
  private static byte[] duration(int months, int days, int millis) {
    return ByteBuffer.allocate(12)
        .order(ByteOrder.LITTLE_ENDIAN)
        .putInt(months)
        .putInt(days)
        .putInt(millis)
        .array();
  }

  private static Long nanos(Instant instant) {
    return ChronoUnit.NANOS.between(Instant.EPOCH, instant);
  }

  /** {@code size} bytes counting up from {@code first}. */
  private static byte[] sequence(int size, int first) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (first + i);
    }
    return bytes;
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static BigDecimal decimal(String digits) {
    return new BigDecimal(digits);
  }

  private static Instant instant(String iso) {
    return Instant.parse(iso);
  }

  /** A time of day as a table without mink.time-as stores it: microseconds since midnight. */
  private static long microsOfDay(LocalTime time) {
    return time.toNanoOfDay() / 1000;
  }

  private static LocalDateTime local(String iso) {
    return LocalDateTime.parse(iso);
  }
}
