package io.mink.indexer.round;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.registry.SchemaType;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Registry decoding through a real broker into Iceberg, with the Confluent prefix and Avro. */
class RegistryIndexingIT {
  private static final String ORDER_V1 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "string"},
        {"name": "quantity", "type": "int"}]}""";
  private static final String ORDER_V2 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "string"},
        {"name": "quantity", "type": "long"},
        {"name": "note", "type": ["null", "string"], "default": null}]}""";

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private FakeSchemaRegistry registry;

  @BeforeEach
  void startRegistry() {
    registry = FakeSchemaRegistry.start();
  }

  @AfterEach
  void stopRegistry() {
    registry.close();
  }

  @Test
  void confluentPrefixedAvroBecomesTypedColumnsAndBadPartsStayRawWithTheirReason()
      throws Exception {
    String topic = InProcessSidecar.uniqueTopic("avro");
    KAFKA.createTopic(topic, 1);
    int keyId = registry.register(topic + "-key", SchemaType.AVRO, "\"string\"").id();
    int valueId = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    List<TestRecord> records = List.of(
        record(
            confluent(keyId, avro("\"string\"", "alice")),
            confluent(valueId, order(ORDER_V1, 1, "alice", 2))),
        record(
            "plain key".getBytes(StandardCharsets.UTF_8),
            "plain value".getBytes(StandardCharsets.UTF_8)),
        record(null, confluent(4242, new byte[] {2, 4})),
        record(null, confluent(valueId, new byte[] {(byte) 0xFF})));
    KAFKA.produce(topic, records);

    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      RoundResult result = sidecar.runRound(table);

      assertThat(result.rawParts())
          .isEqualTo(Map.of(
              "key.no-schema-id",
              1L,
              "value.no-schema-id",
              1L,
              "value.unknown-schema",
              1L,
              "value.undecodable-bytes",
              1L));
      org.apache.iceberg.Schema schema = sidecar.table(table).schema();
      assertThat(schema.findField("_kafka_decoded_key").type()).isEqualTo(Types.StringType.get());
      assertThat(schema.findField("id").type()).isEqualTo(Types.LongType.get());
      assertThat(schema.findField("quantity").type()).isEqualTo(Types.IntegerType.get());
      List<Record> rows = byOffset(sidecar.rows(table));
      assertThat(rows.get(0).getField("_kafka_decoded_key")).isEqualTo("alice");
      assertThat(rows.get(0).getField("_kafka_key")).isNull();
      assertThat(rows.get(0).getField("_kafka_value")).isNull();
      assertThat(rows.get(0).getField("id")).isEqualTo(1L);
      assertThat(rows.get(0).getField("customer")).isEqualTo("alice");
      assertThat(rows.get(1).getField("_kafka_value"))
          .isEqualTo(ByteBuffer.wrap("plain value".getBytes(StandardCharsets.UTF_8)));
      assertThat(rows.get(1).getField("id")).isNull();
      assertThat(rows.get(2).getField("_kafka_value"))
          .isEqualTo(ByteBuffer.wrap(records.get(2).value()));
      assertThat(rows.get(3).getField("_kafka_value"))
          .isEqualTo(ByteBuffer.wrap(records.get(3).value()));
      Snapshot snapshot = sidecar.table(table).currentSnapshot();
      assertThat(snapshot.summary()).containsEntry("mink-raw.value.unknown-schema", "1");
    }
  }

  @Test
  void newSchemaVersionIsMergedInTheSameCommitAsItsRowsAndOldVersionsKeepArriving()
      throws Exception {
    String topic = InProcessSidecar.uniqueTopic("evolving");
    KAFKA.createTopic(topic, 1);
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    int v2 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V2).id();
    KAFKA.produce(topic, List.of(record(null, confluent(v1, order(ORDER_V1, 1, "a", 1)))));

    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      int snapshotsBefore = size(sidecar.table(table).snapshots());
      KAFKA.produce(
          topic,
          List.of(
              record(null, confluent(v2, orderV2(2, "b", 5_000_000_000L, "gift"))),
              record(null, confluent(v1, order(ORDER_V1, 3, "c", 3)))));
      sidecar.runRound(table);

      assertThat(size(sidecar.table(table).snapshots())).isEqualTo(snapshotsBefore + 1);
      org.apache.iceberg.Schema schema = sidecar.table(table).schema();
      assertThat(schema.findField("quantity").type()).isEqualTo(Types.LongType.get());
      assertThat(schema.findField("note").isOptional()).isTrue();
      List<Record> rows = byOffset(sidecar.rows(table));
      assertThat(rows)
          .extracting(row -> row.getField("quantity"))
          .containsExactly(1L, 5_000_000_000L, 3L);
      assertThat(rows).extracting(row -> row.getField("note")).containsExactly(null, "gift", null);
    }
  }

  @Test
  void registryOutageMakesTheRoundWaitAndNoRowGoesRaw() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("outage");
    KAFKA.createTopic(topic, 1);
    int id = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    List<TestRecord> records = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      records.add(record(null, confluent(id, order(ORDER_V1, i, "c" + i, i))));
    }
    KAFKA.produce(topic, records);

    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      registry.setAvailable(false);
      CompletableFuture<RoundResult> round =
          CompletableFuture.supplyAsync(() -> sidecar.runRound(table));
      Thread.sleep(2_500);
      assertThat(round).isNotDone();
      assertThat(sidecar.table(table).currentSnapshot()).isNull();
      registry.setAvailable(true);

      RoundResult result = round.get();

      assertThat(result.rows()).isEqualTo(100);
      assertThat(result.rawParts()).isEmpty();
      assertThat(sidecar.rows(table))
          .allSatisfy(row -> assertThat(row.getField("_kafka_value")).isNull());
    }
  }

  /** A sidecar whose decoder comes from the configuration, as {@code mink serve} builds it. */
  private InProcessSidecar sidecar() {
    SchemaRegistrySettings settings = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", KAFKA.bootstrapServers(),
                "MINK_SCHEMA_REGISTRY_URL", registry.url(),
                "MINK_SCHEMA_REGISTRY_REQUEST_TIMEOUT", "2s"),
            warehouse.directory())
        .schemaRegistry();
    return new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RegistryDecoders.from(settings).orElseThrow());
  }

  private static TestRecord record(byte[] key, byte[] value) {
    return new TestRecord(0, key, value, List.of(), null);
  }

  static byte[] confluent(int id, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(id)
        .put(payload)
        .array();
  }

  private static byte[] order(String schemaText, long id, String customer, int quantity)
      throws IOException {
    Schema schema = new Schema.Parser().parse(schemaText);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", id);
    order.put("customer", customer);
    order.put("quantity", quantity);
    return avroBytes(schema, order);
  }

  private static byte[] orderV2(long id, String customer, long quantity, String note)
      throws IOException {
    Schema schema = new Schema.Parser().parse(ORDER_V2);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", id);
    order.put("customer", customer);
    order.put("quantity", quantity);
    order.put("note", note);
    return avroBytes(schema, order);
  }

  private static byte[] avro(String schemaText, Object datum) throws IOException {
    return avroBytes(new Schema.Parser().parse(schemaText), datum);
  }

  private static byte[] avroBytes(Schema schema, Object datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(datum, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  private static List<Record> byOffset(List<Record> rows) {
    List<Record> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparingLong(row -> (Long) row.getField("_kafka_offset")));
    return sorted;
  }

  private static int size(Iterable<?> items) {
    int count = 0;
    for (Object ignored : items) {
      count++;
    }
    return count;
  }
}
