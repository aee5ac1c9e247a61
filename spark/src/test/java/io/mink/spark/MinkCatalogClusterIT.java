package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mink.cli.Environment;
import io.mink.cli.Main;
import io.mink.indexer.config.MinkConfigLoader;
import io.mink.indexer.decoding.RegistryDecoders;
import io.mink.indexer.testing.InProcessSidecar;
import io.mink.schema.decode.PartDecoder;
import io.mink.schema.registry.SchemaType;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import io.mink.testkit.registry.FakeSchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.ExplainMode;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Mink's catalog in a Spark whose two executors run in JVMs of their own ({@code local-cluster}), started with this
 * test's classpath: the input partitions and their options travel to the executors, which open their own clients,
 * and a tail split into ranges is read once.
 */
class MinkCatalogClusterIT {
  private static final String TABLES_TOPIC = "_tables";

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final String ORDER_V1 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "quantity", "type": "int"}]}""";
  private static final String ORDER_V2 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "quantity", "type": "long"},
        {"name": "note", "type": ["null", "string"], "default": null}]}""";

  private static final Warehouse WAREHOUSE = Warehouse.create();
  private static FakeSchemaRegistry registry;
  private static PartDecoder decoder;
  private static SparkSession spark;

  @BeforeAll
  static void startSpark() {
    registry = FakeSchemaRegistry.start();
    decoder = RegistryDecoders.from(
            MinkConfigLoader.load(null, variables(), WAREHOUSE.directory()).schemaRegistry())
        .orElseThrow();
    spark = SparkSession.builder()
        .master("local-cluster[2,1,1024]")
        .appName("MinkCatalogClusterIT")
        .config("spark.ui.enabled", "false")
        .config("spark.executor.extraClassPath", System.getProperty("java.class.path"))
        .config(
            "spark.executor.extraJavaOptions", System.getProperty("mink.spark.executor.options"))
        .config("spark.sql.catalog.mink", MinkCatalog.class.getName())
        .config("spark.sql.catalog.mink.kafka.bootstrap.servers", KAFKA.bootstrapServers())
        .config("spark.sql.catalog.mink.indexer.tables_topic", TABLES_TOPIC)
        .config("spark.sql.catalog.mink.lake.catalog", WAREHOUSE.lakeSettings().catalog())
        .config("spark.sql.catalog.mink.lake.uri", WAREHOUSE.lakeSettings().uri())
        .config(
            "spark.sql.catalog.mink.lake.warehouse", WAREHOUSE.lakeSettings().warehouse())
        .config("spark.sql.catalog.mink.schema_registry.url", registry.url())
        .getOrCreate();
  }

  /** What {@code mink read} is given: the settings the Spark catalog has. */
  private static Map<String, String> variables() {
    return Map.of(
        "MINK_KAFKA_BOOTSTRAP_SERVERS", KAFKA.bootstrapServers(),
        "MINK_INDEXER_TABLES_TOPIC", TABLES_TOPIC,
        "MINK_LAKE_CATALOG", WAREHOUSE.lakeSettings().catalog(),
        "MINK_LAKE_URI", WAREHOUSE.lakeSettings().uri(),
        "MINK_LAKE_WAREHOUSE", WAREHOUSE.lakeSettings().warehouse(),
        "MINK_SCHEMA_REGISTRY_URL", registry.url());
  }

  @AfterAll
  static void stopSpark() {
    if (spark != null) {
      spark.stop();
    }
    if (registry != null) {
      registry.close();
    }
    WAREHOUSE.close();
  }

  @Test
  void executorsInTheirOwnJvmsReadLakeAndTailOnce() {
    String topic = InProcessSidecar.uniqueTopic("spark");
    KAFKA.createTopic(topic, 4);
    for (int partition = 0; partition < 4; partition++) {
      produce(topic, partition, 0, 5);
    }
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), WAREHOUSE.lakeSettings(), TABLES_TOPIC)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      for (int partition = 0; partition < 4; partition++) {
        produce(topic, partition, 5, 2);
      }
      String name = "mink.kafka.`" + table.name() + "`";

      List<Row> rows = spark
          .sql("SELECT _kafka_partition, _kafka_offset, CAST(_kafka_value AS STRING) " + "FROM "
              + name + " ORDER BY _kafka_partition, _kafka_offset")
          .collectAsList();
      long count = spark.sql("SELECT count(*) FROM " + name).first().getLong(0);
      long filtered = spark
          .sql("SELECT count(*) FROM " + name + " WHERE _kafka_offset >= 4")
          .first()
          .getLong(0);
      var split = spark.read().option("tail_split_records", "1").table(name);
      List<String> splitRows = split
          .selectExpr("_kafka_partition", "_kafka_offset", "CAST(_kafka_value AS STRING)")
          .orderBy("_kafka_partition", "_kafka_offset")
          .collectAsList()
          .stream()
          .map(row -> row.getInt(0) + "@" + row.getLong(1) + "=" + row.getString(2))
          .toList();

      List<String> expected = new ArrayList<>();
      for (int partition = 0; partition < 4; partition++) {
        for (int n = 0; n < 7; n++) {
          expected.add(partition + "@" + n + "=p" + partition + "-" + n);
        }
      }
      assertThat(rows.stream()
              .map(row -> row.getInt(0) + "@" + row.getLong(1) + "=" + row.getString(2))
              .toList())
          .containsExactlyElementsOf(expected);
      assertThat(count).isEqualTo(28);
      assertThat(filtered).isEqualTo(12);
      assertThat(split.rdd().getNumPartitions()).isEqualTo(4 + 8);
      assertThat(splitRows).containsExactlyElementsOf(expected);
      assertThat(spark.sparkContext().statusTracker().getExecutorInfos()).hasSize(3);
    }
  }

  @Test
  void aTailWithANewerSchemaVersionSpreadOverBothExecutorsIsMinkReadAtTheSamePoint()
      throws Exception {
    String topic = InProcessSidecar.uniqueTopic("spark-typed");
    KAFKA.createTopic(topic, 2);
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    int v2 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V2).id();
    List<TestRecord> lake = new ArrayList<>();
    for (int n = 0; n < 20; n++) {
      lake.add(typed(n % 2, v1, order(ORDER_V1, n, n, null)));
    }
    KAFKA.produce(topic, lake);
    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(), WAREHOUSE.lakeSettings(), TABLES_TOPIC, decoder)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      List<TestRecord> tail = new ArrayList<>();
      for (int n = 20; n < 60; n++) {
        tail.add(
            n % 3 == 0
                ? typed(n % 2, v2, order(ORDER_V2, n, 5_000_000_000L + n, "note-" + n))
                : typed(n % 2, v1, order(ORDER_V1, n, n, null)));
      }
      KAFKA.produce(topic, tail);
      String name = "mink.kafka.`" + table.name() + "`";

      Dataset<Row> read = spark.read().option("tail_split_records", "5").table(name);
      String token = readPoint(read);
      List<String> sparkRows =
          orders(read.selectExpr("_kafka_partition", "_kafka_offset", "id", "quantity", "note")
              .collectAsList());
      List<String> tailExecutors = spark
          .read()
          .option("tail_split_records", "5")
          .option("mode", "log")
          .table(name)
          .select("_kafka_offset")
          .mapPartitions(
              (MapPartitionsFunction<Row, String>)
                  rows -> List.of(SparkEnv.get().executorId()).iterator(),
              Encoders.STRING())
          .distinct()
          .collectAsList();
      List<String> minkRows = minkReadAt(table.qualifiedName(), token);

      assertThat(read.schema().apply("quantity").dataType()).isEqualTo(DataTypes.LongType);
      assertThat(read.rdd().getNumPartitions()).isEqualTo(2 + 8);
      assertThat(sparkRows).hasSize(60).containsExactlyInAnyOrderElementsOf(minkRows);
      assertThat(sparkRows).contains("0@0:0:0:null", "1@10:21:5000000021:note-21");
      assertThat(tailExecutors).hasSize(2);
    }
  }

  @Test
  void aRoundThatCommitsAfterTheQueryIsPlannedChangesNothingInIt() {
    String topic = InProcessSidecar.uniqueTopic("spark-round");
    KAFKA.createTopic(topic, 2);
    for (int partition = 0; partition < 2; partition++) {
      produce(topic, partition, 0, 4);
    }
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), WAREHOUSE.lakeSettings(), TABLES_TOPIC)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      for (int partition = 0; partition < 2; partition++) {
        produce(topic, partition, 4, 3);
      }
      Dataset<Row> query = spark.sql(
          "SELECT _kafka_partition, _kafka_offset FROM mink.kafka.`" + table.name() + "`");
      String planned = readPoint(query);

      sidecar.runRound(table);
      for (int partition = 0; partition < 2; partition++) {
        produce(topic, partition, 7, 2);
      }
      List<String> rows = query.collectAsList().stream()
          .map(row -> row.getInt(0) + "@" + row.getLong(1))
          .toList();
      String after =
          readPoint(spark.sql("SELECT _kafka_offset FROM mink.kafka.`" + table.name() + "`"));

      assertThat(rows).hasSize(14).doesNotHaveDuplicates();
      assertThat(rows).contains("0@6", "1@6").doesNotContain("0@7", "1@7");
      assertThat(after).isNotEqualTo(planned);
    }
  }

  /** The read point in the scan's description, as {@code EXPLAIN} prints it. */
  private static String readPoint(Dataset<Row> query) {
    String plan = query.queryExecution().explainString(ExplainMode.fromString("simple"));
    Matcher matcher = Pattern.compile(" at (v1:\\S+),").matcher(plan);
    assertThat(matcher.find()).as(plan).isTrue();
    return matcher.group(1);
  }

  /** {@code mink read TABLE --at TOKEN --output json}, as a user runs it, in the rows' common form. */
  private static List<String> minkReadAt(String table, String token) throws IOException {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(
        new String[] {"read", table, "--at", token, "--output", "json"},
        new Environment(
            variables(),
            WAREHOUSE.directory(),
            new PrintWriter(out, true),
            new PrintWriter(err, true)));
    assertThat(code).as(err.toString()).isZero();
    ObjectMapper json = new ObjectMapper();
    List<String> rows = new ArrayList<>();
    for (String line : out.toString().lines().toList()) {
      JsonNode row = json.readTree(line);
      rows.add(
          row.get("_kafka_partition").asInt() + "@" + row.get("_kafka_offset").asLong()
              + ":" + row.get("id").asLong() + ":" + row.get("quantity").asLong() + ":"
              + (row.get("note").isNull() ? "null" : row.get("note").asText()));
    }
    return rows;
  }

  private static List<String> orders(List<Row> rows) {
    return rows.stream()
        .map(row -> row.getInt(0) + "@" + row.getLong(1) + ":" + row.getLong(2) + ":"
            + row.getLong(3) + ":" + (row.isNullAt(4) ? "null" : row.getString(4)))
        .toList();
  }

  private static TestRecord typed(int partition, int schemaId, byte[] payload) {
    byte[] value = ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(schemaId)
        .put(payload)
        .array();
    return new TestRecord(partition, null, value, List.of(), null);
  }

  private static byte[] order(String schemaText, long id, long quantity, String note)
      throws IOException {
    org.apache.avro.Schema schema = new org.apache.avro.Schema.Parser().parse(schemaText);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", id);
    if (schema.getField("quantity").schema().getType() == org.apache.avro.Schema.Type.INT) {
      order.put("quantity", (int) quantity);
    } else {
      order.put("quantity", quantity);
    }
    if (schema.getField("note") != null) {
      order.put("note", note);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
    new GenericDatumWriter<GenericData.Record>(schema).write(order, encoder);
    encoder.flush();
    return bytes.toByteArray();
  }

  private static void produce(String topic, int partition, int first, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int n = first; n < first + count; n++) {
      records.add(new TestRecord(
          partition,
          null,
          ("p" + partition + "-" + n).getBytes(StandardCharsets.UTF_8),
          List.of(),
          null));
    }
    KAFKA.produce(topic, records);
  }
}
