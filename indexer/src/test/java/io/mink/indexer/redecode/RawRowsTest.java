package io.mink.indexer.redecode;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.RawReason;
import io.mink.schema.table.TableColumns;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class RawRowsTest {
  private static final Schema SCHEMA = schema();
  private static final Types.StructType HEADER = KafkaColumns.HEADER;

  @Test
  void aRowIsReadAsTheKafkaRecordItCameFromWithTheRawPartsAsked() {
    Record row = row("key", new byte[] {0, 0, 0, 0, 7, 2});
    RawRows raw = new RawRows(SCHEMA);

    ConsumerRecord<byte[], byte[]> record =
        raw.record("orders", row, raw.rawKey(row), raw.rawValue(row));

    assertThat(record.topic()).isEqualTo("orders");
    assertThat(record.partition()).isEqualTo(3);
    assertThat(record.offset()).isEqualTo(41L);
    assertThat(record.timestamp()).isEqualTo(1_700_000_000_123L);
    assertThat(record.key()).asString(StandardCharsets.UTF_8).isEqualTo("key");
    assertThat(record.value()).containsExactly(0, 0, 0, 0, 7, 2);
    assertThat(record.headers().lastHeader("trace").value()).containsExactly(1);
    assertThat(record.headers().lastHeader("empty").value()).isNull();
  }

  @Test
  void aDecodedKeyIsNotRawAndIsKeptWhenOnlyTheValueDecodesAgain() {
    Record lake = row(null, new byte[] {0, 0, 0, 0, 7, 2});
    lake.setField(TableColumns.DECODED_KEY, "k-1");
    RawRows raw = new RawRows(SCHEMA);
    Record rebuilt = row(null, null);
    rebuilt.setField("amount", 2.5);

    Record merged = raw.merge(lake, rebuilt, false, RawRows.valueDecoded(rebuilt));

    assertThat(raw.rawKey(lake)).isNull();
    assertThat(merged.getField(TableColumns.DECODED_KEY)).isEqualTo("k-1");
    assertThat(merged.getField(KafkaColumns.VALUE)).isNull();
    assertThat(merged.getField("amount")).isEqualTo(2.5);
    assertThat(merged.getField(KafkaColumns.HEADERS))
        .isEqualTo(lake.getField(KafkaColumns.HEADERS));
  }

  @Test
  void theLakeTellsAPartWithoutASchemaIdFromOneWithAnId() {
    assertThat(PreviousReason.of("plain".getBytes(StandardCharsets.UTF_8), null))
        .isEqualTo(RawReason.NO_SCHEMA_ID);
    assertThat(PreviousReason.of(new byte[] {0, 0, 0, 0, 7, 2}, null))
        .isEqualTo(RawReason.UNKNOWN_SCHEMA);
  }

  @Test
  void aPartWhoseSchemaTheTableHadWhenItWroteItWasNotRawForWantOfIt() {
    byte[] id7 = {0, 0, 0, 0, 7, 2};
    io.mink.indexer.decoding.KeptSchema kept = io.mink.indexer.decoding.KeptSchema.from(
        io.mink.schema.registry.RegisteredSchema.of(
            io.mink.schema.registry.SchemaType.AVRO, "\"long\""),
        java.util.Map.of(0, 100L));

    assertThat(PreviousReason.name(id7, null, ref -> java.util.Optional.of(kept), 0, 100))
        .isEqualTo(PreviousReason.KNOWN_SCHEMA);
    assertThat(PreviousReason.name(id7, null, ref -> java.util.Optional.of(kept), 0, 99))
        .isEqualTo("unknown-schema");
    assertThat(PreviousReason.name(id7, null, ref -> java.util.Optional.empty(), 0, 100))
        .isEqualTo("unknown-schema");
    assertThat(PreviousReason.name(
            "plain".getBytes(StandardCharsets.UTF_8),
            null,
            ref -> java.util.Optional.of(kept),
            0,
            100))
        .isEqualTo("no-schema-id");
  }

  private static Record row(String key, byte[] value) {
    GenericRecord row = GenericRecord.create(SCHEMA);
    row.setField(KafkaColumns.PARTITION, 3);
    row.setField(KafkaColumns.OFFSET, 41L);
    row.setField(
        KafkaColumns.TIMESTAMP,
        OffsetDateTime.ofInstant(Instant.ofEpochMilli(1_700_000_000_123L), ZoneOffset.UTC));
    row.setField(
        KafkaColumns.KEY,
        key == null ? null : ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
    List<Record> headers = new ArrayList<>();
    headers.add(header("trace", new byte[] {1}));
    headers.add(header("empty", null));
    row.setField(KafkaColumns.HEADERS, headers);
    row.setField(KafkaColumns.VALUE, value == null ? null : ByteBuffer.wrap(value));
    return row;
  }

  private static Record header(String key, byte[] value) {
    GenericRecord header = GenericRecord.create(HEADER);
    header.setField(KafkaColumns.HEADER_KEY, key);
    header.setField(KafkaColumns.HEADER_VALUE, value == null ? null : ByteBuffer.wrap(value));
    return header;
  }

  private static Schema schema() {
    List<Types.NestedField> columns = new ArrayList<>(KafkaColumns.SCHEMA.columns());
    columns.add(Types.NestedField.optional(10, TableColumns.DECODED_KEY, Types.StringType.get()));
    columns.add(Types.NestedField.optional(11, "amount", Types.DoubleType.get()));
    return new Schema(columns);
  }
}
