package io.mink.indexer.testing;

import io.debezium.data.Envelope;
import io.mink.testkit.TestRecord;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;

/**
 * Change events of a customers table as a Debezium connector writes them with Kafka Connect's JsonConverter
 * (schemas enabled): envelopes built with Debezium's own {@link Envelope}, keys as Connect structs of the id.
 */
public final class DebeziumCustomers {
  public static final long SOURCE_MILLIS = 1_700_000_000_123L;
  public static final Schema KEY = SchemaBuilder.struct()
      .name("srv.inventory.customers.Key")
      .field("id", Schema.INT32_SCHEMA)
      .build();
  /** The row of the customers table. */
  public static final Schema ROW_V1 = row().build();
  /** The row after the source table gained the optional column nickname. */
  public static final Schema ROW_V2 =
      row().field("nickname", Schema.OPTIONAL_STRING_SCHEMA).build();

  private static final Schema SOURCE = SchemaBuilder.struct()
      .name("io.debezium.connector.postgresql.Source")
      .field("connector", Schema.STRING_SCHEMA)
      .field("ts_ms", Schema.INT64_SCHEMA)
      .build();
  public static final Envelope V1 = envelope(ROW_V1);
  public static final Envelope V2 = envelope(ROW_V2);

  private DebeziumCustomers() {}

  public static Struct customer(Schema schema, int id, String email) {
    return new Struct(schema).put("id", id).put("email", email);
  }

  public static Struct source() {
    return new Struct(SOURCE).put("connector", "postgresql").put("ts_ms", SOURCE_MILLIS);
  }

  public static Instant now() {
    return Instant.ofEpochMilli(SOURCE_MILLIS + 5);
  }

  /** The record Debezium writes for the envelope of customer {@code id}. */
  public static TestRecord event(String topic, int id, Struct envelope) {
    return new TestRecord(
        null, key(topic, id), json(topic, envelope.schema(), envelope), List.of(), null);
  }

  /** The tombstone Debezium writes after a delete of customer {@code id}. */
  public static TestRecord tombstone(String topic, int id) {
    return new TestRecord(null, key(topic, id), null, List.of(), null);
  }

  public static byte[] key(String topic, int id) {
    try (JsonConverter converter = new JsonConverter()) {
      converter.configure(Map.of("schemas.enable", true), true);
      return converter.fromConnectData(topic, KEY, new Struct(KEY).put("id", id));
    }
  }

  /** What JsonConverter writes for a value with schemas enabled. */
  public static byte[] json(String topic, Schema schema, Object value) {
    try (JsonConverter converter = new JsonConverter()) {
      converter.configure(Map.of("schemas.enable", true), false);
      return converter.fromConnectData(topic, schema, value);
    }
  }

  private static SchemaBuilder row() {
    return SchemaBuilder.struct()
        .name("srv.inventory.customers.Value")
        .optional()
        .field("id", Schema.INT32_SCHEMA)
        .field("email", Schema.STRING_SCHEMA);
  }

  private static Envelope envelope(Schema row) {
    return Envelope.defineSchema()
        .withName("srv.inventory.customers.Envelope")
        .withRecord(row)
        .withSource(SOURCE)
        .build();
  }
}
