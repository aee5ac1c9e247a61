package io.mink.query.sql;

import static io.mink.query.sql.SqlEngineIT.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.config.SchemaRegistrySettings;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.SchemaType;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.SparkReader;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * SQL over typed tables decoded through the registry: typed columns in joins and aggregates answer as Spark does over
 * the lake, and a column only the tail's newer schema has is there before any round wrote it.
 */
class SqlTypedTablesIT {
  private static final String ORDER_V1 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "int"},
        {"name": "amount", "type": "int"}]}""";
  private static final String ORDER_V2 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "customer", "type": "int"},
        {"name": "amount", "type": "long"},
        {"name": "note", "type": ["null", "string"], "default": null}]}""";
  private static final String CUSTOMER = """
      {"type": "record", "name": "Customer", "namespace": "shop", "fields": [
        {"name": "customer", "type": "int"},
        {"name": "region", "type": "string"}]}""";

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
                "MINK_SCHEMA_REGISTRY_URL", registry.url()),
            warehouse.directory())
        .schemaRegistry();
    decoder = RegistryDecoders.from(settings).orElseThrow();
  }

  @AfterEach
  void stopRegistry() {
    registry.close();
  }

  @Test
  void typedColumnsJoinAndAggregateAsSparkReadsThemAndTheTailsNewColumnIsThere()
      throws IOException {
    String orders = topic("orders", 2);
    String customers = topic("customers", 1);
    int v1 = registry.register(orders + "-value", SchemaType.AVRO, ORDER_V1).id();
    int c1 = registry.register(customers + "-value", SchemaType.AVRO, CUSTOMER).id();
    List<TestRecord> orderRecords = new ArrayList<>();
    for (int n = 0; n < 60; n++) {
      orderRecords.add(record(n % 2, v1, order(ORDER_V1, n, n % 5, 10L * n, null)));
    }
    KAFKA.produce(orders, orderRecords);
    List<TestRecord> customerRecords = new ArrayList<>();
    for (int c = 0; c < 5; c++) {
      customerRecords.add(record(0, c1, customer(c, c % 2 == 0 ? "north" : "south")));
    }
    KAFKA.produce(customers, customerRecords);
    try (InProcessSidecar sidecar = new InProcessSidecar(
            KAFKA.bootstrapServers(), warehouse.lakeSettings(), "_tables", decoder);
        SqlEngine engine = new SqlEngine(
            new SidecarTables(sidecar, Optional.of(decoder), Optional.of(warehouse.directory())),
            QuerySettings.defaults("kafka"));
        SparkReader spark = SparkReader.start(warehouse.lakeSettings())) {
      TableDescriptor o = sidecar.add(orders, Duration.ofMinutes(3));
      TableDescriptor c = sidecar.add(customers, Duration.ofMinutes(3));
      sidecar.runRound(o);
      sidecar.runRound(c);
      String byRegion = "SELECT c.region, count(*) AS orders, sum(o.amount) AS total FROM %s o"
          + " JOIN %s c ON o.customer = c.customer WHERE o.amount >= 100 GROUP BY c.region"
          + " ORDER BY c.region";
      assertThat(rows(engine, byRegion.formatted(o.qualifiedName(), c.qualifiedName())))
          .isEqualTo(spark(
              spark, byRegion.formatted("mink." + o.qualifiedName(), "mink." + c.qualifiedName())))
          .hasSize(2);

      int v2 = registry.register(orders + "-value", SchemaType.AVRO, ORDER_V2).id();
      KAFKA.produce(orders, List.of(record(1, v2, order(ORDER_V2, 60, 1, 5_000_000_000L, "gift"))));

      assertThat(
              rows(engine, "SELECT id, amount, note FROM " + o.name() + " WHERE note IS NOT NULL"))
          .containsExactly("60|5000000000|gift");
      assertThat(rows(engine, "SELECT count(*), max(amount) FROM " + o.name()))
          .containsExactly("61|5000000000");
      assertThat(rows(
              engine,
              "SELECT column_name FROM information_schema.columns WHERE table_name = '" + o.name()
                  + "' AND column_name IN ('amount', 'customer') ORDER BY 1"))
          .containsExactly("amount", "customer");
    }
  }

  private static List<String> spark(SparkReader spark, String sql) {
    return spark.sql(sql).stream()
        .map(row -> row.values().stream().map(String::valueOf).collect(Collectors.joining("|")))
        .toList();
  }

  private static String topic(String prefix, int partitions) {
    String topic = InProcessSidecar.uniqueTopic(prefix);
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  private static TestRecord record(int partition, int schemaId, byte[] payload) {
    byte[] framed = ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(schemaId)
        .put(payload)
        .array();
    return new TestRecord(partition, null, framed, List.of(), null);
  }

  private static byte[] order(String schemaText, long id, int customer, long amount, String note)
      throws IOException {
    Schema schema = new Schema.Parser().parse(schemaText);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", id);
    order.put("customer", customer);
    order.put(
        "amount",
        schema.getField("amount").schema().getType() == Schema.Type.INT
            ? (Object) (int) amount
            : amount);
    if (schema.getField("note") != null) {
      order.put("note", note);
    }
    return avro(schema, order);
  }

  private static byte[] customer(int customer, String region) throws IOException {
    Schema schema = new Schema.Parser().parse(CUSTOMER);
    GenericData.Record record = new GenericData.Record(schema);
    record.put("customer", customer);
    record.put("region", region);
    return avro(schema, record);
  }

  private static byte[] avro(Schema schema, GenericData.Record datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(datum, encoder);
    encoder.flush();
    return out.toByteArray();
  }
}
