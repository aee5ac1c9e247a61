package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.query.filter.WhereParser;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.PartDecoder;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.iceberg.data.Record;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A {@code --where} on a decoded value column of an upsert table applies to the merged rows: a lake row the tail
 * updated or deleted never comes back because the tail's change fails the filter, and a tail update that matches
 * shows although the lake row it replaced did not. Tombstones are deletes even though a decoded table's rows have no
 * raw value to tell them by.
 */
class UnionReadUpsertFilterIT {
  private static final String PAYMENT = """
      {"type": "record", "name": "Payment", "namespace": "shop", "fields": [
        {"name": "amount", "type": "int"}]}""";

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  @RegisterExtension
  final Warehouse warehouse = new Warehouse();

  private FakeSchemaRegistry registry;
  private PartDecoder decoder;

  @BeforeEach
  void startRegistry() {
    registry = FakeSchemaRegistry.start();
    SchemaRegistrySettings settings = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", KAFKA.bootstrapServers(),
                "MINK_SCHEMA_REGISTRY_URL", registry.url(),
                "MINK_SCHEMA_REGISTRY_REQUEST_TIMEOUT", "2s"),
            warehouse.directory())
        .schemaRegistry();
    decoder = RegistryDecoders.from(settings).orElseThrow();
  }

  @AfterEach
  void stopRegistry() {
    registry.close();
  }

  @ParameterizedTest(name = "format {0}")
  @ValueSource(strings = {"2", "3"})
  void theFilterSeesTheTailsChangesNotTheLakeRowsTheyReplaced(String format) throws Exception {
    String topic = InProcessSidecar.uniqueTopic("upsert-where");
    KAFKA.createTopic(topic, 1);
    int id = registry.register(topic + "-value", SchemaType.AVRO, PAYMENT).id();
    KAFKA.produce(
        topic,
        List.of(
            payment(id, "k1", 100),
            payment(id, "k2", 10),
            payment(id, "k3", 100),
            payment(id, "k4", 100),
            payment(id, "k7", 80)));
    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables", decoder)) {
      TableDescriptor table = UnionReadUpsertIT.upsertTable(sidecar, topic, format);
      sidecar.runRound(table);
      KAFKA.produce(
          topic,
          List.of(
              payment(id, "k1", 5),
              payment(id, "k2", 70),
              TestRecord.of("k3", null),
              payment(id, "k5", 60),
              payment(id, "k6", 60),
              payment(id, "k6", 1),
              payment(id, "k7", 90),
              payment(id, "k7", 20)));

      Map<String, Integer> all = amounts(read(sidecar, table, "TRUE"));
      Map<String, Integer> above = amounts(read(sidecar, table, "amount > 50"));
      Map<String, Integer> below = amounts(read(sidecar, table, "amount < 50"));
      Map<String, Integer> hundred =
          amounts(read(sidecar, table, "_kafka_key IS NOT NULL AND amount = 100"));

      assertThat(all).isEqualTo(Map.of("k1", 5, "k2", 70, "k4", 100, "k5", 60, "k6", 1, "k7", 20));
      assertThat(above).isEqualTo(Map.of("k2", 70, "k4", 100, "k5", 60));
      assertThat(below).isEqualTo(Map.of("k1", 5, "k6", 1, "k7", 20));
      assertThat(hundred).isEqualTo(Map.of("k4", 100));

      sidecar.runRound(table);
      assertThat(amounts(read(sidecar, table, ReadRequest.of(ReadMode.lake)))).isEqualTo(all);
    }
  }

  private ReadRows read(InProcessSidecar sidecar, TableDescriptor table, String where) {
    ReadRequest request =
        ReadRequest.of(ReadMode.union).withColumns(List.of(KafkaColumns.KEY, "amount"));
    return read(
        sidecar,
        table,
        where.equals("TRUE") ? request : request.withFilter(WhereParser.parse(where)));
  }

  private ReadRows read(InProcessSidecar sidecar, TableDescriptor table, ReadRequest request) {
    try (KafkaConsumer<byte[], byte[]> consumer = UnionReadIT.consumer(sidecar)) {
      return ReadRows.of(new UnionRead(
              sidecar.table(table),
              table,
              consumer,
              TopicIds.connecting(sidecar.clients),
              Optional.of(decoder),
              ReadProgress.NONE)
          .read(request));
    }
  }

  /** The amount by key; fails on a key read twice. */
  private static Map<String, Integer> amounts(ReadRows read) {
    Map<String, Integer> amounts = new TreeMap<>();
    for (Record row : read.rows()) {
      String key = StandardCharsets.UTF_8
          .decode(((ByteBuffer) row.getField(KafkaColumns.KEY)).duplicate())
          .toString();
      assertThat(amounts.put(key, (Integer) row.getField("amount")))
          .as("key %s twice", key)
          .isNull();
    }
    return amounts;
  }

  private static TestRecord payment(int schemaId, String key, int amount) throws IOException {
    Schema schema = new Schema.Parser().parse(PAYMENT);
    GenericData.Record payment = new GenericData.Record(schema);
    payment.put("amount", amount);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(payment, encoder);
    encoder.flush();
    byte[] avro = out.toByteArray();
    byte[] value = ByteBuffer.allocate(5 + avro.length)
        .put((byte) 0)
        .putInt(schemaId)
        .put(avro)
        .array();
    return TestRecord.of(key.getBytes(StandardCharsets.UTF_8), value);
  }
}
