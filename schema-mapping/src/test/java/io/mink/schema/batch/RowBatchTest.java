package io.mink.schema.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.table.BatchAssembler;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

class RowBatchTest {
  private static final Types.StructType INNER = Types.StructType.of(
      Types.NestedField.optional(20, "n", Types.IntegerType.get()),
      Types.NestedField.optional(21, "s", Types.StringType.get()));
  private static final Types.StructType ELEMENT = Types.StructType.of(
      Types.NestedField.optional(25, "n", Types.IntegerType.get()),
      Types.NestedField.optional(26, "s", Types.StringType.get()));
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "l", Types.LongType.get()),
      Types.NestedField.optional(2, "b", Types.BooleanType.get()),
      Types.NestedField.optional(3, "f", Types.FloatType.get()),
      Types.NestedField.optional(4, "d", Types.DoubleType.get()),
      Types.NestedField.optional(5, "day", Types.DateType.get()),
      Types.NestedField.optional(6, "t", Types.TimeType.get()),
      Types.NestedField.optional(7, "tz", Types.TimestampType.withZone()),
      Types.NestedField.optional(8, "ntz", Types.TimestampType.withoutZone()),
      Types.NestedField.optional(9, "s", Types.StringType.get()),
      Types.NestedField.optional(10, "bin", Types.BinaryType.get()),
      Types.NestedField.optional(11, "fx", Types.FixedType.ofLength(2)),
      Types.NestedField.optional(12, "u", Types.UUIDType.get()),
      Types.NestedField.optional(13, "dec", Types.DecimalType.of(20, 3)),
      Types.NestedField.optional(14, "st", INNER),
      Types.NestedField.optional(15, "li", Types.ListType.ofOptional(22, ELEMENT)),
      Types.NestedField.optional(
          16, "m", Types.MapType.ofOptional(23, 24, Types.StringType.get(), Types.LongType.get())));

  @Test
  void genericRowsRoundTripThroughABatch() {
    List<Record> rows = List.of(full(1), empty(2), full(-3));

    try (RowBatch batch = RowBatch.of(SCHEMA, rows)) {
      assertThat(batch.rows()).isEqualTo(3);
      assertThat(batch.toRecords()).containsExactlyElementsOf(rows);
    }
  }

  @Test
  void arrowFieldsCarryTheIcebergFieldIds() {
    var arrow = ArrowSchemas.of(SCHEMA);

    assertThat(arrow.findField("st").getChildren().get(1).getMetadata())
        .containsEntry(ArrowSchemas.FIELD_ID, "21");
    assertThat(arrow.findField("m").getChildren().get(0).getChildren().get(1).getMetadata())
        .containsEntry(ArrowSchemas.FIELD_ID, "24");
    assertThat(arrow.findField("l").isNullable()).isFalse();
  }

  @Test
  void theAssemblerFillsTheKafkaColumnsAndKeepsRawPartsBytes() {
    RecordHeaders headers = new RecordHeaders();
    headers.add(new RecordHeader("source", "app".getBytes(StandardCharsets.UTF_8)));
    headers.add(new RecordHeader("empty", null));
    ConsumerRecord<byte[], byte[]> first = new ConsumerRecord<>(
        "orders",
        2,
        40L,
        1_700_000_000_123L,
        TimestampType.CREATE_TIME,
        1,
        2,
        new byte[] {7},
        new byte[] {8, 9},
        headers,
        Optional.empty());
    ConsumerRecord<byte[], byte[]> second =
        new ConsumerRecord<>("orders", 2, 41L, null, new byte[] {1});

    BatchAssembler assembler = new BatchAssembler(KafkaColumns.SCHEMA, 1);
    assembler.append(first, new PartResult.Raw(RawReason.NO_SCHEMA_ID, "none"), PartResult.ABSENT);
    assembler.appendRaw(second);
    List<Record> rows;
    try (RowBatch batch = assembler.finish()) {
      rows = batch.toRecords();
    }

    Record row = rows.get(0);
    assertThat(row.getField(KafkaColumns.PARTITION)).isEqualTo(2);
    assertThat(row.getField(KafkaColumns.OFFSET)).isEqualTo(40L);
    assertThat(row.getField(KafkaColumns.TIMESTAMP))
        .isEqualTo(OffsetDateTime.of(2023, 11, 14, 22, 13, 20, 123_000_000, ZoneOffset.UTC));
    assertThat(row.getField(KafkaColumns.KEY)).isEqualTo(ByteBuffer.wrap(new byte[] {7}));
    assertThat(row.getField(KafkaColumns.VALUE)).isNull();
    assertThat((List<?>) row.getField(KafkaColumns.HEADERS))
        .extracting(h -> ((Record) h).getField("key"), h -> ((Record) h).getField("value"))
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(
                "source", ByteBuffer.wrap("app".getBytes(StandardCharsets.UTF_8))),
            org.assertj.core.groups.Tuple.tuple("empty", null));
    assertThat(rows.get(1).getField(KafkaColumns.KEY)).isNull();
    assertThat(rows.get(1).getField(KafkaColumns.VALUE)).isEqualTo(ByteBuffer.wrap(new byte[] {1}));
    assertThat((List<?>) rows.get(1).getField(KafkaColumns.HEADERS)).isEmpty();
  }

  @Test
  void closedBatchesFreeTheirMemory() {
    long before = RowBatch.allocatedBytes();
    RowBatch batch = RowBatch.of(SCHEMA, List.of(full(1)));
    assertThat(RowBatch.allocatedBytes()).isGreaterThan(before);

    batch.close();

    assertThat(RowBatch.allocatedBytes()).isEqualTo(before);
  }

  private static Record full(int i) {
    GenericRecord row = GenericRecord.create(SCHEMA);
    row.setField("l", (long) i << 40);
    row.setField("b", i > 0);
    row.setField("f", i * 1.5f);
    row.setField("d", Double.NaN);
    row.setField("day", LocalDate.of(1969, 12, 31).plusDays(i));
    row.setField("t", LocalTime.of(23, 59, 59, 999_999_000));
    row.setField("tz", OffsetDateTime.of(1969, 12, 31, 23, 59, 59, 1_000, ZoneOffset.UTC));
    row.setField("ntz", LocalDateTime.of(2262, 1, 1, 0, 0));
    row.setField("s", "é" + i);
    row.setField("bin", ByteBuffer.wrap(new byte[] {0, (byte) i}));
    row.setField("fx", new byte[] {(byte) i, 1});
    row.setField("u", new UUID(i, -i));
    row.setField("dec", new BigDecimal("-12345678901234567.891"));
    GenericRecord inner = GenericRecord.create(INNER);
    inner.setField("n", i);
    row.setField("st", inner);
    List<Record> list = new ArrayList<>();
    GenericRecord element = GenericRecord.create(ELEMENT);
    element.setField("s", "e");
    list.add(element);
    list.add(null);
    row.setField("li", list);
    row.setField("m", Map.of("a", 1L));
    return row;
  }

  private static Record empty(int i) {
    GenericRecord row = GenericRecord.create(SCHEMA);
    row.setField("l", (long) i);
    row.setField("li", List.of());
    row.setField("m", Map.of());
    return row;
  }
}
