package io.mink.indexer.interop;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.round.RoundResult;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.registry.RoutingSchemaRegistry;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.orders.Order;
import io.mink.testkit.orders.OrderColumns;
import io.mink.testkit.orders.OrderSamples;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Records written by a serializer that is not Mink's, through a real broker, indexed by a Mink round into Iceberg
 * and read back column by column. One subclass per serde and schema language (tables.md: "Mink reads the schema id
 * the way Confluent's and AWS Glue's serializers write it").
 */
abstract class ThirdPartySerdeIndexingSuite {
  private static final int ORDERS = 24;

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private ThirdPartySerde serde;
  private RoutingSchemaRegistry minkRegistry;

  /** Starts the serde's registry and returns the serde, pointed at it. */
  abstract ThirdPartySerde startSerde();

  @BeforeEach
  void startRegistry() {
    serde = startSerde();
    minkRegistry = serde.minkRegistry();
  }

  @AfterEach
  void stopRegistry() {
    minkRegistry.close();
    serde.close();
  }

  @Test
  void everyFieldTheSerializerWroteArrivesInItsTypedColumnAndTheKeyInTheDecodedKeyColumn()
      throws Exception {
    String topic = uniqueTopic();
    KAFKA.createTopic(topic, 1);
    List<Order> orders = OrderSamples.varied(ORDERS);
    produce(topic, orders);

    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      RoundResult result = sidecar.runRound(table);

      assertThat(result.rawParts()).isEmpty();
      assertThat(result.rows()).isEqualTo(ORDERS);
      assertThat(columns(sidecar.table(table).schema())).isEqualTo(expectedColumnTypes());
      List<Record> rows = sidecar.rowsByOffset(table);
      assertThat(rows).hasSize(ORDERS);
      for (int i = 0; i < ORDERS; i++) {
        Record row = rows.get(i);
        Order order = orders.get(i);
        assertThat(OrderColumns.of(row))
            .as("typed columns of offset %d", i)
            .isEqualTo(OrderColumns.expected(order, serde.language()));
        assertThat(OrderColumns.plain(row.getField("_kafka_decoded_key")))
            .as("decoded key of offset %d", i)
            .isEqualTo(Map.of("id", order.id()));
        assertThat(row.getField("_kafka_key")).as("raw key of offset %d", i).isNull();
        assertThat(row.getField("_kafka_value")).as("raw value of offset %d", i).isNull();
      }
    }
  }

  @Test
  void recordsWithoutPrefixWithAnUnknownSchemaIdOrCutShortKeepTheirRawBytesAndTheirReasonIsCounted()
      throws Exception {
    String topic = uniqueTopic();
    KAFKA.createTopic(topic, 1);
    List<Order> orders = OrderSamples.varied(3);
    produce(topic, orders);
    byte[] written = serialize(topic, orders.get(1));
    byte[] noPrefix = "{\"id\": 1, \"customer\": \"written without a registry\"}".getBytes(UTF_8);
    byte[] unknownSchema = serde.withUnknownSchemaId(written);
    // one byte short is never a whole record: the last byte is part of the order's last field (its
    // status, PAID,
    // written last in every language; the closing brace in JSON) or of zlib's checksum
    byte[] cutShort = Arrays.copyOf(written, written.length - 1);
    List<TestRecord> bad = List.of(
        new TestRecord(0, "a plain key".getBytes(UTF_8), noPrefix, List.of(), null),
        new TestRecord(0, null, unknownSchema, List.of(), null),
        new TestRecord(0, null, cutShort, List.of(), null));
    KAFKA.produce(topic, bad);

    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      RoundResult result = sidecar.runRound(table);

      assertThat(result.rawParts())
          .isEqualTo(Map.of(
              "key.no-schema-id", 1L,
              "value.no-schema-id", 1L,
              "value.unknown-schema", 1L,
              "value.undecodable-bytes", 1L));
      assertThat(sidecar.table(table).currentSnapshot().summary())
          .containsEntry("mink-raw.key.no-schema-id", "1")
          .containsEntry("mink-raw.value.no-schema-id", "1")
          .containsEntry("mink-raw.value.unknown-schema", "1")
          .containsEntry("mink-raw.value.undecodable-bytes", "1");
      List<Record> rows = sidecar.rowsByOffset(table);
      assertThat(rows).hasSize(6);
      for (int i = 0; i < 3; i++) {
        assertThat(OrderColumns.of(rows.get(i)))
            .as("typed columns of offset %d", i)
            .isEqualTo(OrderColumns.expected(orders.get(i), serde.language()));
        assertThat(rows.get(i).getField("_kafka_value")).isNull();
      }
      for (int i = 0; i < bad.size(); i++) {
        Record row = rows.get(3 + i);
        assertThat(row.getField("_kafka_value"))
            .as("raw value of offset %d", 3 + i)
            .isEqualTo(ByteBuffer.wrap(bad.get(i).value()));
        assertThat(OrderColumns.of(row).values())
            .as("typed columns of offset %d", 3 + i)
            .containsOnlyNulls();
        assertThat(row.getField("_kafka_decoded_key")).isNull();
      }
      assertThat(rows.get(3).getField("_kafka_key"))
          .isEqualTo(ByteBuffer.wrap("a plain key".getBytes(UTF_8)));
    }
  }

  /** Produces each order with the serde's key and value serializers, one partition, in order. */
  private void produce(String topic, List<Order> orders) throws Exception {
    Map<String, Object> config = new HashMap<>(KAFKA.clientProperties());
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    try (KafkaProducer<Object, Object> producer = new KafkaProducer<>(
        config, serde.serializer(topic, true), serde.serializer(topic, false))) {
      List<Future<?>> sends = new ArrayList<>();
      for (Order order : orders) {
        sends.add(
            producer.send(new ProducerRecord<>(topic, 0, serde.key(order), serde.value(order))));
      }
      producer.flush();
      for (Future<?> send : sends) {
        send.get(30, TimeUnit.SECONDS);
      }
    }
  }

  /** An order's value as the serde writes it, prefix included. */
  private byte[] serialize(String topic, Order order) {
    try (Serializer<Object> serializer = serde.serializer(topic, false)) {
      return serializer.serialize(topic, serde.value(order));
    }
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(
        KAFKA.bootstrapServers(),
        warehouse.lakeSettings(),
        "_tables",
        RegistryDecoders.forRegistry(minkRegistry));
  }

  private String uniqueTopic() {
    return getClass().getSimpleName().replace("Test", "").toLowerCase(Locale.ROOT) + "-"
        + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Every column as "name: type": the metadata columns, the decoded key, then the value's fields as registered. */
  private List<String> expectedColumnTypes() {
    Map<String, String> valueTypes = OrderColumns.types(serde.language());
    List<String> columns = new ArrayList<>(List.of(
        "_kafka_partition: int",
        "_kafka_offset: long",
        "_kafka_timestamp: timestamptz",
        "_kafka_key: binary",
        "_kafka_headers: list<struct<key: string, value: binary>>",
        "_kafka_value: binary",
        "_kafka_decoded_key: struct<id: long>"));
    for (String field : serde.valueFieldsAsRegistered()) {
      columns.add(field + ": " + valueTypes.get(field));
    }
    return columns;
  }

  /** Each column as "name: type", without field ids or nullability. */
  private static List<String> columns(Schema schema) {
    return schema.columns().stream()
        .map(field -> field.name() + ": " + describe(field.type()))
        .toList();
  }

  private static String describe(Type type) {
    if (type.isStructType()) {
      return type.asStructType().fields().stream()
          .map(field -> field.name() + ": " + describe(field.type()))
          .collect(Collectors.joining(", ", "struct<", ">"));
    }
    if (type.isListType()) {
      return "list<" + describe(type.asListType().elementType()) + ">";
    }
    if (type.isMapType()) {
      return "map<" + describe(type.asMapType().keyType()) + ", "
          + describe(type.asMapType().valueType()) + ">";
    }
    return type.toString();
  }
}
