package io.mink.schema.cdc;

import static io.mink.schema.cdc.DebeziumEvents.V1;
import static io.mink.schema.cdc.DebeziumEvents.V2;
import static io.mink.schema.cdc.DebeziumEvents.json;
import static io.mink.schema.cdc.DebeziumEvents.processed;
import static io.mink.schema.cdc.DebeziumEvents.row;
import static io.mink.schema.cdc.DebeziumEvents.source;
import static io.mink.schema.cdc.DebeziumEvents.unwrap;
import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.data.Envelope;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartResult;
import io.mink.schema.decode.RawReason;
import io.mink.schema.registry.SchemaRef;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.api.Test;

/** Debezium change events as Debezium's Envelope builds them and Kafka Connect's JsonConverter writes them. */
class DebeziumJsonUnwrapTest {
  private static final OffsetDateTime SOURCE_TIME =
      OffsetDateTime.parse("2019-05-28T08:58:24.863Z");

  private final DebeziumUnwrapper unwrapper = new DebeziumUnwrapper(MappingOptions.DEFAULT);

  @Test
  void createUpsertsTheAfterRowFollowedByOpAndSourceTime() throws Exception {
    byte[] value = json(
        V1, V1.create(row(DebeziumEvents.ROW_V1, 1, "anne@example.com"), source(), processed()));

    PartResult.Decoded row = upserted(unwrap(unwrapper, value));

    assertThat(names(row.schema().type().asStructType()))
        .containsExactly(
            "id", "email", "balance", "created", "seen", "changed", "address", "tags", "_cdc_op",
            "_cdc_ts");
    assertThat(row.ref()).isInstanceOf(SchemaRef.InRecord.class);
    GenericRecord record = (GenericRecord) row.value();
    assertThat(record.getField("id")).isEqualTo(1);
    assertThat(record.getField("email")).isEqualTo("anne@example.com");
    assertThat(record.getField("_cdc_op")).isEqualTo("c");
    assertThat(record.getField("_cdc_ts")).isEqualTo(SOURCE_TIME);
  }

  @Test
  void nestedDecimalAndTimestampColumnsKeepTheirTypesAndValues() throws Exception {
    byte[] value = json(
        V1, V1.create(row(DebeziumEvents.ROW_V1, 1, "anne@example.com"), source(), processed()));

    PartResult.Decoded row = upserted(unwrap(unwrapper, value));

    Types.StructType type = row.schema().type().asStructType();
    assertThat(type.field("balance").type()).isEqualTo(Types.DecimalType.of(10, 2));
    assertThat(type.field("created").type()).isEqualTo(Types.TimestampType.withZone());
    assertThat(type.field("seen").type()).isEqualTo(Types.TimestampType.withoutZone());
    assertThat(type.field("changed").type()).isEqualTo(Types.TimestampType.withZone());
    assertThat(type.field("_cdc_ts").type()).isEqualTo(Types.TimestampType.withZone());
    assertThat(type.fields()).allMatch(Types.NestedField::isOptional);
    GenericRecord record = (GenericRecord) row.value();
    assertThat(record.getField("balance")).isEqualTo(new BigDecimal("1234.56"));
    assertThat(record.getField("created"))
        .isEqualTo(OffsetDateTime.parse("2024-05-01T10:15:30.123Z"));
    assertThat(record.getField("seen"))
        .isEqualTo(LocalDateTime.of(2024, 5, 1, 10, 15, 30, 123_456_000));
    assertThat(record.getField("changed"))
        .isEqualTo(OffsetDateTime.parse("2024-05-01T10:15:30.5Z"));
    GenericRecord address = (GenericRecord) record.getField("address");
    assertThat(address.getField("city")).isEqualTo("Lyon");
    assertThat(address.getField("zip")).isEqualTo(69001);
    assertThat(record.getField("tags")).isEqualTo(List.of("a", "b"));
  }

  @Test
  void updateAndSnapshotReadUpsertWithTheirOp() throws Exception {
    Struct before = row(DebeziumEvents.ROW_V1, 1, "anne@example.com");
    Struct after = row(DebeziumEvents.ROW_V1, 1, "anne.marie@example.com");

    PartResult.Decoded updated =
        upserted(unwrap(unwrapper, json(V1, V1.update(before, after, source(), processed()))));
    PartResult.Decoded read =
        upserted(unwrap(unwrapper, json(V1, V1.read(after, source(), processed()))));

    assertThat(((GenericRecord) updated.value()).getField("email"))
        .isEqualTo("anne.marie@example.com");
    assertThat(((GenericRecord) updated.value()).getField("_cdc_op")).isEqualTo("u");
    assertThat(((GenericRecord) read.value()).getField("_cdc_op")).isEqualTo("r");
  }

  @Test
  void deleteWithOnlyABeforeRowDeletes() throws Exception {
    byte[] value = json(
        V1, V1.delete(row(DebeziumEvents.ROW_V1, 1, "anne@example.com"), source(), processed()));

    assertThat(unwrap(unwrapper, value))
        .isEqualTo(new ChangeEvent.Delete(ChangeEvent.Cause.DELETE_EVENT));
  }

  @Test
  void tombstoneDeletes() throws Exception {
    assertThat(unwrap(unwrapper, null))
        .isEqualTo(new ChangeEvent.Delete(ChangeEvent.Cause.TOMBSTONE));
  }

  @Test
  void sourceWithoutTsMsGivesNullCdcTs() throws Exception {
    Envelope envelope =
        DebeziumEvents.envelope(DebeziumEvents.ROW_V1, DebeziumEvents.SOURCE_WITHOUT_TS);
    Struct source = new Struct(DebeziumEvents.SOURCE_WITHOUT_TS).put("connector", "test");
    byte[] value = json(
        envelope,
        envelope.create(row(DebeziumEvents.ROW_V1, 1, "anne@example.com"), source, processed()));

    GenericRecord record = (GenericRecord) upserted(unwrap(unwrapper, value)).value();

    assertThat(record.getField("_cdc_op")).isEqualTo("c");
    assertThat(record.getField("_cdc_ts")).isNull();
  }

  @Test
  void truncateIsKeptRawWithWhy() throws Exception {
    byte[] value = json(V1, V1.truncate(source(), processed()));

    assertThat(raw(unwrap(unwrapper, value)).detail())
        .isEqualTo(
            "a truncate event (op 't'): Mink does not"
                + " empty a table on a truncate, so the event is kept raw; delete the rows with SQL if the table should follow");
  }

  @Test
  void unknownOpAndCreateWithoutAfterAreNotEnvelopes() throws Exception {
    Struct unknown = V1.create(
            row(DebeziumEvents.ROW_V1, 1, "a@example.com"), source(), processed())
        .put("op", "x");
    Struct noAfter = V1.create(
            row(DebeziumEvents.ROW_V1, 1, "a@example.com"), source(), processed())
        .put("after", null);

    assertThat(raw(unwrap(unwrapper, json(V1, unknown))).detail())
        .isEqualTo("unknown op 'x': Debezium writes c, u, d, r, t or m");
    assertThat(raw(unwrap(unwrapper, json(V1, noAfter))).detail())
        .isEqualTo("op 'c' has no 'after' row to write");
  }

  @Test
  void aStructThatIsNotAnEnvelopeIsKeptRaw() throws Exception {
    byte[] value =
        json(DebeziumEvents.ROW_V1.schema(), row(DebeziumEvents.ROW_V1, 1, "a@example.com"), true);

    PartResult.Raw raw = raw(unwrap(unwrapper, value));

    assertThat(raw.detail())
        .isEqualTo("the value's struct has no 'op' field: its fields are"
            + " [id, email, balance, created, seen, changed, address, tags]");
  }

  @Test
  void jsonWithoutSchemaAsksForSchemasOrARegistry() throws Exception {
    Struct event = V1.create(row(DebeziumEvents.ROW_V1, 1, "a@example.com"), source(), processed());

    PartResult.Raw raw = raw(unwrap(unwrapper, json(V1.schema(), event, false)));

    assertThat(raw.detail())
        .isEqualTo("a JSON value without Kafka Connect's {\"schema\", \"payload\"} envelope:"
            + " set value.converter.schemas.enable=true on the Debezium connector's JsonConverter, or use a schema"
            + " registry converter (Avro, Protobuf or JSON Schema)");
  }

  @Test
  void theSameEnvelopeSchemaGivesTheSameRowSchema() throws Exception {
    PartResult.Decoded first = upserted(unwrap(
        unwrapper,
        json(V1, V1.create(row(DebeziumEvents.ROW_V1, 1, "a@x"), source(), processed()))));
    PartResult.Decoded second = upserted(unwrap(
        unwrapper, json(V1, V1.read(row(DebeziumEvents.ROW_V1, 2, "b@x"), source(), processed()))));

    assertThat(second.schema()).isSameAs(first.schema());
    assertThat(second.ref()).isEqualTo(first.ref());
  }

  @Test
  void aNewOptionalColumnInAfterGivesANewRowSchemaWithTheColumnBeforeTheCdcColumns()
      throws Exception {
    PartResult.Decoded v1 = upserted(unwrap(
        unwrapper,
        json(V1, V1.create(row(DebeziumEvents.ROW_V1, 1, "a@x"), source(), processed()))));
    PartResult.Decoded v2 = upserted(unwrap(
        unwrapper,
        json(V2, V2.create(row(DebeziumEvents.ROW_V2, 2, "b@x"), source(), processed()))));

    assertThat(v2.schema()).isNotSameAs(v1.schema());
    assertThat(names(v2.schema().type().asStructType()))
        .containsExactly(
            "id",
            "email",
            "balance",
            "created",
            "seen",
            "changed",
            "address",
            "tags",
            "nickname",
            "_cdc_op",
            "_cdc_ts");
    assertThat(((GenericRecord) v2.value()).getField("nickname")).isEqualTo("Nick");
    for (Types.NestedField column : v1.schema().type().asStructType().fields()) {
      assertThat(
              withoutIds(v2.schema().type().asStructType().field(column.name()).type()))
          .isEqualTo(withoutIds(column.type()));
    }
  }

  @Test
  void theRowSchemaDecodesAPayloadIntoTheRow() throws Exception {
    Struct event = V1.create(row(DebeziumEvents.ROW_V1, 7, "a@x"), source(), processed());
    PartResult.Decoded row = upserted(unwrap(unwrapper, json(V1, event)));
    byte[] payload = ConnectJsonDecoder.JSON
        .readTree(json(V1, event))
        .get("payload")
        .toString()
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);

    GenericRecord decoded = (GenericRecord) row.schema().decode(payload, 0, payload.length);

    assertThat(decoded).isEqualTo(row.value());
    assertThat(row.schema().decodesIntoColumns()).isFalse();
  }

  @Test
  void aValueThatIsNotJsonKeepsItsNoSchemaIdReason() throws Exception {
    PartResult.Raw raw = raw(unwrap(unwrapper, new byte[] {'x', 1, 2}));

    assertThat(raw.reason()).isEqualTo(RawReason.NO_SCHEMA_ID);
    assertThat(raw.detail())
        .startsWith("no schema id header or prefix, and not Kafka Connect JSON: ");
  }

  @Test
  void aSchemaOfAnUnknownTypeIsUnreadable() throws Exception {
    byte[] value =
        "{\"schema\":{\"type\":\"struct\",\"fields\":[{\"type\":\"int128\",\"field\":\"id\"}]},\"payload\":{}}"
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);

    PartResult.Raw raw = raw(unwrap(unwrapper, value));

    assertThat(raw.reason()).isEqualTo(RawReason.UNREADABLE_SCHEMA);
    assertThat(raw.detail())
        .endsWith(": The Connect schema of field 'id' has type 'int128', which is not a"
            + " Kafka Connect type: int8, int16, int32, int64, float32, float64, boolean, string, bytes, struct,"
            + " array or map");
  }

  static PartResult.Decoded upserted(ChangeEvent event) {
    assertThat(event).isInstanceOf(ChangeEvent.Upsert.class);
    return ((ChangeEvent.Upsert) event).row();
  }

  static PartResult.Raw raw(ChangeEvent event) {
    assertThat(event).isInstanceOf(ChangeEvent.NotAnEnvelope.class);
    return ((ChangeEvent.NotAnEnvelope) event).raw();
  }

  private static String withoutIds(org.apache.iceberg.types.Type type) {
    return type.toString().replaceAll("\\d+: ", "");
  }

  static List<String> names(Types.StructType struct) {
    return struct.fields().stream().map(Types.NestedField::name).toList();
  }
}
