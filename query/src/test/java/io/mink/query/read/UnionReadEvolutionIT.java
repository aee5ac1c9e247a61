package io.mink.query.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.SchemaType;
import io.mink.schema.table.TableSchema;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The union read across schema evolution, raw parts and compaction: the tail decoded as the next round will decode
 * it, with a read schema that is the lake's merged with the tail's schema versions.
 */
class UnionReadEvolutionIT {
  private static final String ORDER_V1 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "quantity", "type": "int"}]}""";
  private static final String ORDER_V2 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "quantity", "type": "long"},
        {"name": "note", "type": ["null", "string"], "default": null}]}""";

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

  @Test
  void aNewerSchemaVersionInTheTailAddsItsColumnAndPromotesAcrossTheSeam() throws Exception {
    String topic = topic();
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    int v2 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V2).id();
    KAFKA.produce(
        topic,
        List.of(
            record(v1, order(ORDER_V1, 1, 10, null)), record(v1, order(ORDER_V1, 2, 20, null))));
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      KAFKA.produce(
          topic,
          List.of(
              record(v2, order(ORDER_V2, 3, 5_000_000_000L, "gift")),
              record(v1, order(ORDER_V1, 4, 40, null))));

      ReadRows union = read(sidecar, table, ReadRequest.of(ReadMode.union));

      assertThat(sidecar.table(table).schema().findField("note")).isNull();
      assertThat(union.schema().findField("quantity").type()).isEqualTo(Types.LongType.get());
      assertThat(union.schema().findField("note").type()).isEqualTo(Types.StringType.get());
      assertThat(union.rows())
          .extracting(row -> row.getField("id"))
          .containsExactly(1L, 2L, 3L, 4L);
      assertThat(union.rows())
          .extracting(row -> row.getField("quantity"))
          .containsExactly(10L, 20L, 5_000_000_000L, 40L);
      assertThat(union.rows())
          .extracting(row -> row.getField("note"))
          .containsExactly(null, null, "gift", null);

      sidecar.runRound(table);
      ReadRows lake = read(sidecar, table, ReadRequest.of(ReadMode.lake));
      assertThat(lake.schema().asStruct()).isEqualTo(union.schema().asStruct());
      assertThat(lake.rows()).isEqualTo(union.rows());
    }
  }

  @Test
  void theReadSchemaIsSettledFromTheTailsSchemaIdsAndPartsOfThePointReadInIt() throws Exception {
    String topic = topic();
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    int v2 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V2).id();
    KAFKA.produce(topic, List.of(record(v1, order(ORDER_V1, 1, 10, null))));
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      KAFKA.produce(
          topic,
          List.of(
              record(v1, order(ORDER_V1, 2, 20, null)),
              raw("plain"),
              record(v2, order(ORDER_V2, 3, 5_000_000_000L, "gift")),
              record(v2, order(ORDER_V2, 4, 40, null))));
      UnionRead read = reader(sidecar, table);
      ReadPoint point = read.point(ReadRequest.of(ReadMode.union));

      TableSchema settled = read.readSchema(ReadRequest.of(ReadMode.union).at(point));
      ReadRows whole = ReadRows.of(read.read(ReadRequest.of(ReadMode.union).at(point)));
      ReadPoint firstOfTail = ReadPoint.of(point.snapshotId(), List.of(new TailRange(0, 1, 2)));
      ReadRows part = ReadRows.of(read.read(ReadRequest.of(ReadMode.log).at(firstOfTail), settled));
      ReadRows partAlone = ReadRows.of(read.read(ReadRequest.of(ReadMode.log).at(firstOfTail)));

      assertThat(settled.schema().asStruct()).isEqualTo(whole.schema().asStruct());
      assertThat(whole.schema().findField("note")).isNotNull();
      assertThat(part.schema().asStruct()).isEqualTo(settled.schema().asStruct());
      assertThat(part.rows()).extracting(row -> row.getField("quantity")).containsExactly(20L);
      assertThat(part.rows()).extracting(row -> row.getField("note")).containsExactly((Object)
          null);
      assertThat(partAlone.schema().findField("note")).isNull();
    }
  }

  @Test
  void aTailLargerThanTheReadsMemoryIsReadAgainInTheSettledSchema() throws Exception {
    String topic = topic();
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    int v2 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V2).id();
    KAFKA.produce(topic, List.of(record(v1, order(ORDER_V1, 1, 10, null))));
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      KAFKA.produce(
          topic,
          List.of(
              record(v1, order(ORDER_V1, 2, 20, null)),
              raw("plain"),
              record(v2, order(ORDER_V2, 3, 5_000_000_000L, "gift")),
              record(v1, order(ORDER_V1, 4, 40, null))));

      ReadRows held = read(sidecar, table, ReadRequest.of(ReadMode.union));
      ReadRows reread;
      try (KafkaConsumer<byte[], byte[]> consumer = UnionReadIT.consumer(sidecar)) {
        reread = ReadRows.of(new UnionRead(
                sidecar.table(table),
                table,
                consumer,
                TopicIds.connecting(sidecar.clients),
                Optional.of(decoder),
                ReadProgress.NONE,
                1)
            .read(ReadRequest.of(ReadMode.union)));
      }

      assertThat(reread.schema().asStruct()).isEqualTo(held.schema().asStruct());
      assertThat(reread.rows()).hasSize(5).isEqualTo(held.rows());
      assertThat(reread.rows())
          .extracting(row -> row.getField("note"))
          .containsExactly(null, null, null, "gift", null);
    }
  }

  @Test
  void aTypeChangeInTheTailRenamesTheOldColumnAsTheRoundWill() throws Exception {
    String topic = topic();
    String textQuantity = ORDER_V1.replace("\"type\": \"int\"", "\"type\": \"string\"");
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    int text =
        registry.register(topic + "-value", SchemaType.AVRO, textQuantity).id();
    KAFKA.produce(topic, List.of(record(v1, order(ORDER_V1, 1, 10, null))));
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      Schema schema = new Schema.Parser().parse(textQuantity);
      GenericData.Record order = new GenericData.Record(schema);
      order.put("id", 2L);
      order.put("quantity", "a dozen");
      KAFKA.produce(topic, List.of(record(text, avro(schema, order))));

      ReadRows union = read(sidecar, table, ReadRequest.of(ReadMode.union));
      sidecar.runRound(table);
      ReadRows lake = read(sidecar, table, ReadRequest.of(ReadMode.lake));

      List<String> renamed = union.schema().columns().stream()
          .map(Types.NestedField::name)
          .filter(name -> name.startsWith("quantity_s"))
          .toList();
      assertThat(renamed).hasSize(1);
      assertThat(union.rows())
          .extracting(row -> row.getField("quantity"))
          .containsExactly(null, "a dozen");
      assertThat(union.rows())
          .extracting(row -> row.getField(renamed.get(0)))
          .containsExactly(10, null);
      assertThat(lake.schema().asStruct()).isEqualTo(union.schema().asStruct());
      assertThat(lake.rows()).isEqualTo(union.rows());
    }
  }

  @Test
  void rawAndDecodedPartsMixAsARoundPlacesThem() throws Exception {
    String topic = topic();
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    KAFKA.produce(topic, List.of(record(v1, order(ORDER_V1, 1, 10, null)), raw("not avro")));
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      byte[] undecodable = confluent(v1, new byte[] {(byte) 0xFF});
      KAFKA.produce(
          topic,
          List.of(
              raw("plain"),
              new TestRecord(0, null, undecodable, List.of(), null),
              record(v1, order(ORDER_V1, 2, 20, null))));

      ReadResult result = reader(sidecar, table).read(ReadRequest.of(ReadMode.union));
      Map<String, Long> rawCounts = result.rawCounts();
      ReadRows union = ReadRows.of(result);

      assertThat(union.rows())
          .extracting(row -> row.getField("id"))
          .containsExactly(1L, null, null, null, 2L);
      assertThat(union.rows())
          .extracting(row -> text(row.getField(KafkaColumns.VALUE)))
          .containsExactly(
              null,
              "not avro",
              "plain",
              new String(undecodable, StandardCharsets.ISO_8859_1),
              null);
      assertThat(rawCounts)
          .containsEntry("value.no-schema-id", 1L)
          .containsEntry("value.undecodable-bytes", 1L);
      sidecar.runRound(table);
      assertThat(read(sidecar, table, ReadRequest.of(ReadMode.lake)).rows())
          .isEqualTo(union.rows());
    }
  }

  @Test
  void aCompactionSnapshotDuringAReadChangesNothingInIt() throws Exception {
    String topic = topic();
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      Table iceberg = sidecar.table(table);
      iceberg.updateProperties().set("mink.auto-compaction", "true").commit();
      for (int round = 0; round < 3; round++) {
        KAFKA.produce(topic, List.of(record(v1, order(ORDER_V1, round, round, null))));
        sidecar.runRound(table);
      }
      KAFKA.produce(topic, List.of(record(v1, order(ORDER_V1, 3, 3, null))));
      try (KafkaConsumer<byte[], byte[]> consumer = UnionReadIT.consumer(sidecar);
          ReadResult result = new UnionRead(
                  sidecar.table(table),
                  table,
                  consumer,
                  TopicIds.connecting(sidecar.clients),
                  Optional.of(decoder),
                  ReadProgress.NONE)
              .read(ReadRequest.of(ReadMode.union))) {
        long filesBefore = result.lakeFiles();
        KAFKA.produce(topic, List.of(record(v1, order(ORDER_V1, 4, 4, null))));
        sidecar.runRound(table);
        assertThat(sidecar.table(table).currentSnapshot().summary())
            .containsKey("mink-compacted-files");
        List<Object> ids = new ArrayList<>();
        while (result.batches().hasNext()) {
          try (var batch = result.batches().next()) {
            batch.toRecords().forEach(row -> ids.add(row.getField("id")));
          }
        }
        assertThat(filesBefore).isEqualTo(3);
        assertThat(ids).containsExactly(0L, 1L, 2L, 3L);
      }
      assertThat(read(sidecar, table, ReadRequest.of(ReadMode.union)).rows())
          .extracting(row -> row.getField("id"))
          .containsExactly(0L, 1L, 2L, 3L, 4L);
    }
  }

  private ReadRows read(InProcessSidecar sidecar, TableDescriptor table, ReadRequest request) {
    return ReadRows.of(reader(sidecar, table).read(request));
  }

  private UnionRead reader(InProcessSidecar sidecar, TableDescriptor table) {
    return new UnionRead(
        sidecar.table(table),
        table,
        UnionReadIT.consumer(sidecar),
        TopicIds.connecting(sidecar.clients),
        Optional.of(decoder),
        ReadProgress.NONE);
  }

  private InProcessSidecar sidecar() {
    return new InProcessSidecar(
        KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables", decoder);
  }

  private static String topic() {
    String topic = InProcessSidecar.uniqueTopic("evolving-read");
    KAFKA.createTopic(topic, 1);
    return topic;
  }

  private static String text(Object value) {
    return value == null
        ? null
        : StandardCharsets.ISO_8859_1.decode(((ByteBuffer) value).duplicate()).toString();
  }

  private static TestRecord raw(String value) {
    return new TestRecord(0, null, value.getBytes(StandardCharsets.ISO_8859_1), List.of(), null);
  }

  private static TestRecord record(int schemaId, byte[] payload) {
    return new TestRecord(0, null, confluent(schemaId, payload), List.of(), null);
  }

  private static byte[] confluent(int id, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(id)
        .put(payload)
        .array();
  }

  private static byte[] order(String schemaText, long id, long quantity, String note)
      throws IOException {
    Schema schema = new Schema.Parser().parse(schemaText);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", id);
    if (schema.getField("quantity").schema().getType() == Schema.Type.INT) {
      order.put("quantity", (int) quantity);
    } else {
      order.put("quantity", quantity);
    }
    if (schema.getField("note") != null) {
      order.put("note", note);
    }
    return avro(schema, order);
  }

  private static byte[] avro(Schema schema, GenericData.Record datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(datum, encoder);
    encoder.flush();
    return out.toByteArray();
  }
}
