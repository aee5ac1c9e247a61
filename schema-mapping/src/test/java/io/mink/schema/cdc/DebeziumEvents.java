package io.mink.schema.cdc;

import io.debezium.data.Envelope;
import io.debezium.time.MicroTimestamp;
import io.debezium.time.ZonedTimestamp;
import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.decode.PartResult;
import io.mink.schema.registry.SchemaNotFoundException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.json.JsonConverter;

/**
 * Change events built with Debezium's own {@link Envelope} and serialized by Kafka Connect's JsonConverter, then
 * read as the table's round reads a value: the part decoder first, the unwrapper next.
 */
final class DebeziumEvents {
  static final String TOPIC = "srv.inventory.customers";
  static final long SOURCE_MILLIS = 1_559_033_904_863L;

  static final Schema ADDRESS = SchemaBuilder.struct()
      .name("srv.inventory.customers.Address")
      .optional()
      .field("city", Schema.OPTIONAL_STRING_SCHEMA)
      .field("zip", Schema.OPTIONAL_INT32_SCHEMA)
      .build();

  /** Version 1 of the customers table's row. */
  static final Schema ROW_V1 = rowBuilder().build();

  /** Version 2: a new optional column {@code nickname}. */
  static final Schema ROW_V2 =
      rowBuilder().field("nickname", Schema.OPTIONAL_STRING_SCHEMA).build();

  static final Schema SOURCE = SchemaBuilder.struct()
      .name("io.debezium.connector.postgresql.Source")
      .field("connector", Schema.STRING_SCHEMA)
      .field("ts_ms", Schema.INT64_SCHEMA)
      .build();

  /** A source block without {@code ts_ms}. */
  static final Schema SOURCE_WITHOUT_TS = SchemaBuilder.struct()
      .name("io.debezium.connector.test.Source")
      .field("connector", Schema.STRING_SCHEMA)
      .build();

  static final Envelope V1 = envelope(ROW_V1, SOURCE);
  static final Envelope V2 = envelope(ROW_V2, SOURCE);

  private DebeziumEvents() {}

  private static SchemaBuilder rowBuilder() {
    return SchemaBuilder.struct()
        .name("srv.inventory.customers.Value")
        .optional()
        .field("id", Schema.INT32_SCHEMA)
        .field("email", Schema.STRING_SCHEMA)
        .field(
            "balance",
            Decimal.builder(2)
                .optional()
                .parameter("connect.decimal.precision", "10")
                .build())
        .field("created", Timestamp.builder().optional().build())
        .field("seen", MicroTimestamp.builder().optional().build())
        .field("changed", ZonedTimestamp.builder().optional().build())
        .field("address", ADDRESS)
        .field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).optional().build());
  }

  static Envelope envelope(Schema row, Schema source) {
    return Envelope.defineSchema()
        .withName("srv.inventory.customers.Envelope")
        .withRecord(row)
        .withSource(source)
        .build();
  }

  static Struct row(Schema schema, int id, String email) {
    Struct row = new Struct(schema)
        .put("id", id)
        .put("email", email)
        .put("balance", new BigDecimal("1234.56"))
        .put("created", java.util.Date.from(Instant.parse("2024-05-01T10:15:30.123Z")))
        .put(
            "seen",
            MicroTimestamp.toEpochMicros(
                LocalDateTime.of(2024, 5, 1, 10, 15, 30, 123_456_000), null))
        .put("changed", "2024-05-01T12:15:30.5+02:00")
        .put("address", new Struct(ADDRESS).put("city", "Lyon").put("zip", 69001))
        .put("tags", List.of("a", "b"));
    if (schema.field("nickname") != null) {
      row.put("nickname", "Nick");
    }
    return row;
  }

  static Struct source() {
    return new Struct(SOURCE).put("connector", "postgresql").put("ts_ms", SOURCE_MILLIS);
  }

  static Instant processed() {
    return LocalDateTime.of(2024, 5, 2, 0, 0).toInstant(ZoneOffset.UTC);
  }

  /** The bytes JsonConverter writes for {@code value} with schemas enabled (or not). */
  static byte[] json(Schema schema, Object value, boolean schemasEnabled) {
    try (JsonConverter converter = new JsonConverter()) {
      converter.configure(Map.of("schemas.enable", schemasEnabled), false);
      return converter.fromConnectData(TOPIC, schema, value);
    }
  }

  static byte[] json(Envelope envelope, Struct event) {
    return json(envelope.schema(), event, true);
  }

  /** The value's decoding by Mink's part decoder, whose registry holds nothing: JSON has no schema id. */
  static PartResult decoded(byte[] value) throws Exception {
    PartDecoder decoder = new PartDecoder(
        ref -> {
          throw new SchemaNotFoundException("no registry in this test");
        },
        Map.of());
    return decoder.decode(value, null, MappingOptions.DEFAULT);
  }

  /** What the unwrapper makes of a record with this value, read as a round reads it. */
  static ChangeEvent unwrap(DebeziumUnwrapper unwrapper, byte[] value) throws Exception {
    return unwrapper.unwrap(value == null ? PartResult.ABSENT : decoded(value), value);
  }
}
