package io.mink.cli.read;

import io.mink.schema.batch.RowBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/** A schema of every Iceberg type Mink writes, rows of it, and the text a writer prints for batches of them. */
final class RowsFixture {
  static final Types.StructType POINT = Types.StructType.of(
      Types.NestedField.optional(20, "n", Types.IntegerType.get()),
      Types.NestedField.optional(21, "s", Types.StringType.get()));
  static final Types.StructType HEADER = Types.StructType.of(
      Types.NestedField.optional(26, "key", Types.StringType.get()),
      Types.NestedField.optional(27, "value", Types.BinaryType.get()));
  static final Schema EVERY_TYPE = new Schema(
      Types.NestedField.optional(1, "bool", Types.BooleanType.get()),
      Types.NestedField.optional(2, "i", Types.IntegerType.get()),
      Types.NestedField.optional(3, "l", Types.LongType.get()),
      Types.NestedField.optional(4, "f", Types.FloatType.get()),
      Types.NestedField.optional(5, "d", Types.DoubleType.get()),
      Types.NestedField.optional(6, "dec", Types.DecimalType.of(10, 2)),
      Types.NestedField.optional(7, "day", Types.DateType.get()),
      Types.NestedField.optional(8, "t", Types.TimeType.get()),
      Types.NestedField.optional(9, "ts", Types.TimestampType.withoutZone()),
      Types.NestedField.optional(10, "tstz", Types.TimestampType.withZone()),
      Types.NestedField.optional(11, "s", Types.StringType.get()),
      Types.NestedField.optional(12, "u", Types.UUIDType.get()),
      Types.NestedField.optional(13, "fx", Types.FixedType.ofLength(3)),
      Types.NestedField.optional(14, "bin", Types.BinaryType.get()),
      Types.NestedField.optional(15, "st", POINT),
      Types.NestedField.optional(16, "li", Types.ListType.ofOptional(22, Types.IntegerType.get())),
      Types.NestedField.optional(
          17, "m", Types.MapType.ofOptional(23, 24, Types.StringType.get(), Types.LongType.get())),
      Types.NestedField.optional(18, "_kafka_headers", Types.ListType.ofRequired(25, HEADER)));

  private RowsFixture() {}

  /** Every column set, as a Kafka record's row would be. */
  static Record full() {
    Record row = GenericRecord.create(EVERY_TYPE);
    row.setField("bool", true);
    row.setField("i", -7);
    row.setField("l", 9_007_199_254_740_993L);
    row.setField("f", 1.5f);
    row.setField("d", -0.25);
    row.setField("dec", new BigDecimal("12.30"));
    row.setField("day", LocalDate.of(2026, 12, 2));
    row.setField("t", LocalTime.of(20, 16, 1, 123_456_000));
    row.setField("ts", LocalDateTime.of(2026, 12, 2, 20, 16, 1, 123_456_000));
    row.setField(
        "tstz", OffsetDateTime.of(2026, 12, 2, 21, 16, 1, 123_456_000, ZoneOffset.ofHours(1)));
    row.setField("s", "héllo");
    row.setField("u", UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
    row.setField("fx", new byte[] {1, 2, 3});
    row.setField("bin", bytes(0xff, 0x00, 0x10));
    row.setField("st", point(1, "a"));
    row.setField("li", List.of(1, 2));
    Map<String, Long> map = new LinkedHashMap<>();
    map.put("a", 1L);
    map.put("b", 2L);
    row.setField("m", map);
    row.setField("_kafka_headers", List.of(header("trace", bytes(1, 2))));
    return row;
  }

  /** Every column null. */
  static Record empty() {
    return GenericRecord.create(EVERY_TYPE);
  }

  /**
   * Nulls inside the nested columns, the empty string, NaN and the negative infinity, whole times and a
   * timestamp before the epoch.
   */
  static Record nullsWithin() {
    Record row = GenericRecord.create(EVERY_TYPE);
    row.setField("f", Float.NaN);
    row.setField("d", Double.NEGATIVE_INFINITY);
    row.setField("dec", new BigDecimal("-0.05"));
    row.setField("t", LocalTime.MIDNIGHT);
    row.setField("ts", LocalDateTime.of(1969, 12, 31, 23, 59, 59, 500_000_000));
    row.setField("tstz", OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC));
    row.setField("s", "");
    row.setField("bin", bytes());
    row.setField("st", point(null, null));
    row.setField("li", Arrays.asList(null, 3));
    Map<String, Long> map = new LinkedHashMap<>();
    map.put("a", null);
    row.setField("m", map);
    row.setField("_kafka_headers", List.of(header("k", null), header(null, bytes())));
    return row;
  }

  static Record point(Integer n, String s) {
    Record point = GenericRecord.create(POINT);
    point.setField("n", n);
    point.setField("s", s);
    return point;
  }

  static Record header(String key, ByteBuffer value) {
    Record header = GenericRecord.create(HEADER);
    header.setField("key", key);
    header.setField("value", value);
    return header;
  }

  static ByteBuffer bytes(int... values) {
    byte[] bytes = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      bytes[i] = (byte) values[i];
    }
    return ByteBuffer.wrap(bytes);
  }

  /** Rows of a schema of one optional string column {@code s}. */
  static List<Record> strings(Schema schema, String... values) {
    List<Record> rows = new ArrayList<>();
    for (String value : values) {
      Record row = GenericRecord.create(schema);
      row.set(0, value);
      rows.add(row);
    }
    return rows;
  }

  /** What the writer of {@code format} prints for the batches, each batch of the rows given. */
  static String print(ReadOutput format, Schema schema, List<List<Record>> batches) {
    return new String(printBytes(format, schema, Map.of(), batches), StandardCharsets.UTF_8);
  }

  static byte[] printBytes(
      ReadOutput format, Schema schema, Map<String, String> metadata, List<List<Record>> batches) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowsWriter writer = RowsWriter.of(format, out)) {
      writer.begin(schema, metadata);
      for (List<Record> rows : batches) {
        try (RowBatch batch = RowBatch.of(schema, rows)) {
          writer.write(batch);
        }
      }
      writer.finish();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
