package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import org.apache.spark.sql.streaming.StreamingQuery;
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
    spark = MinkSparkSessions.builder(
            "local-cluster[2,1,1024]", "MinkCatalogClusterIT", KAFKA, TABLES_TOPIC, WAREHOUSE)
        .config("spark.executor.extraClassPath", System.getProperty("java.class.path"))
        .config(
            "spark.executor.extraJavaOptions", System.getProperty("mink.spark.executor.options"))
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
      Dataset<Row> limited = spark.sql("SELECT _kafka_offset FROM " + name + " LIMIT 3");
      String limitedPlan = limited.queryExecution().explainString(ExplainMode.fromString("simple"));
      long limitedRows = limited.count();
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
      assertThat(limitedRows).isEqualTo(3);
      assertThat(limitedPlan).contains("limit 3 per input partition");
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
      List<String> minkRows = minkOrdersAt(table.qualifiedName(), token);

      assertThat(read.schema().apply("quantity").dataType()).isEqualTo(DataTypes.LongType);
      assertThat(read.rdd().getNumPartitions()).isEqualTo(2 + 8);
      assertThat(sparkRows).hasSize(60).containsExactlyInAnyOrderElementsOf(minkRows);
      assertThat(sparkRows).contains("0@0:0:0:null", "1@10:21:5000000021:note-21");
      assertThat(tailExecutors).hasSize(2);
    }
  }

  @Test
  void anUnavailableRegistryIsWaitedOutByTheTasksThenFailsTheQueryWithMinksMessage()
      throws Exception {
    String topic = InProcessSidecar.uniqueTopic("spark-outage");
    KAFKA.createTopic(topic, 1);
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    KAFKA.produce(topic, List.of(typed(0, v1, order(ORDER_V1, 1, 1, null))));
    try (InProcessSidecar sidecar = new InProcessSidecar(
        KAFKA.bootstrapServers(), WAREHOUSE.lakeSettings(), TABLES_TOPIC, decoder)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      KAFKA.produce(topic, List.of(typed(0, v1, order(ORDER_V1, 2, 2, null))));
      Dataset<Row> query = spark
          .read()
          .option("registry_wait", "2s")
          .table("mink.kafka.`" + table.name() + "`")
          .select("id");
      readPoint(query);

      registry.setAvailable(false);
      long started = System.nanoTime();
      try {
        assertThatThrownBy(query::collectAsList)
            .hasStackTraceContaining("The schema registry did not answer while reading partition 0")
            .hasStackTraceContaining("rather than return the records undecoded");
      } finally {
        registry.setAvailable(true);
      }
      assertThat(Duration.ofNanos(System.nanoTime() - started))
          .isGreaterThan(Duration.ofSeconds(2));
      assertThat(query.collectAsList()).hasSize(2);
    }
  }

  @Test
  void anUpsertTableOnExecutorsInTheirOwnJvmsIsMinkReadAtTheSamePoint() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("spark-upsert");
    KAFKA.createTopic(topic, 2);
    List<TestRecord> first = new ArrayList<>();
    for (int key = 0; key < 12; key++) {
      first.add(keyed(key % 2, "k" + key, "v" + key + "-1"));
    }
    KAFKA.produce(topic, first);
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), WAREHOUSE.lakeSettings(), TABLES_TOPIC)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert"));
      sidecar.runRound(table);
      List<TestRecord> changes = new ArrayList<>();
      for (int key = 0; key < 12; key += 3) {
        changes.add(keyed(key % 2, "k" + key, "v" + key + "-2"));
      }
      changes.add(keyed(1, "k1", null));
      changes.add(keyed(0, "k20", "v20-1"));
      changes.add(keyed(0, "k0", "v0-3"));
      KAFKA.produce(topic, changes);

      Dataset<Row> read = spark.read().table("mink.kafka.`" + table.name() + "`");
      String token = readPoint(read);
      List<String> sparkRows = read
          .selectExpr("_kafka_partition", "_kafka_offset", "CAST(_kafka_value AS STRING)")
          .collectAsList()
          .stream()
          .map(row -> row.getInt(0) + "@" + row.getLong(1) + "=" + row.getString(2))
          .toList();
      List<String> minkRows = minkReadAt(table.qualifiedName(), token, List.of()).stream()
          .map(row -> row.get("_kafka_partition").asInt() + "@"
              + row.get("_kafka_offset").asLong())
          .toList();

      assertThat(sparkRows)
          .hasSize(12)
          .contains("0@9=v0-3", "0@8=v20-1", "1@6=v3-2")
          .doesNotContain("1@0=v1-1");
      assertThat(
              sparkRows.stream().map(row -> row.substring(0, row.indexOf('='))).toList())
          .containsExactlyInAnyOrderElementsOf(minkRows);
      assertThat(read.rdd().getNumPartitions()).isEqualTo(2);
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

  /** {@code mink read TABLE --at TOKEN --output json}, as a user runs it: one JSON object per row. */
  private static List<JsonNode> minkReadAt(String table, String token, List<String> more)
      throws IOException {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> args = new ArrayList<>(List.of("read", table, "--at", token, "--output", "json"));
    args.addAll(more);
    int code = Main.run(
        args.toArray(String[]::new),
        new Environment(
            variables(),
            WAREHOUSE.directory(),
            new PrintWriter(out, true),
            new PrintWriter(err, true)));
    assertThat(code).as(err.toString()).isZero();
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> rows = new ArrayList<>();
    for (String line : out.toString().lines().toList()) {
      rows.add(json.readTree(line));
    }
    return rows;
  }

  /** The orders {@code mink read --at} prints, in the form of {@link #orders}. */
  private static List<String> minkOrdersAt(String table, String token) throws IOException {
    return minkReadAt(table, token, List.of()).stream()
        .map(row ->
            row.get("_kafka_partition").asInt() + "@" + row.get("_kafka_offset").asLong()
                + ":" + row.get("id").asLong() + ":" + row.get("quantity").asLong() + ":"
                + (row.get("note").isNull() ? "null" : row.get("note").asText()))
        .toList();
  }

  private static TestRecord keyed(int partition, String key, String value) {
    return new TestRecord(
        partition,
        key.getBytes(StandardCharsets.UTF_8),
        value == null ? null : value.getBytes(StandardCharsets.UTF_8),
        List.of(),
        null);
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

  @Test
  void aStreamReadsTheTableThenEachNewRecordOnExecutorsInTheirOwnJvms() throws Exception {
    String topic = InProcessSidecar.uniqueTopic("spark-stream");
    KAFKA.createTopic(topic, 4);
    for (int partition = 0; partition < 4; partition++) {
      produce(topic, partition, 0, 3);
    }
    try (InProcessSidecar sidecar =
        new InProcessSidecar(KAFKA.bootstrapServers(), WAREHOUSE.lakeSettings(), TABLES_TOPIC)) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      for (int partition = 0; partition < 4; partition++) {
        produce(topic, partition, 3, 1);
      }
      String sink = "streamed_" + table.name().replaceAll("[^A-Za-z0-9]", "_");
      StreamingQuery query = spark
          .readStream()
          .option("tail_split_records", "1")
          .table("mink.kafka.`" + table.name() + "`")
          .selectExpr("_kafka_partition", "_kafka_offset", "CAST(_kafka_value AS STRING) AS v")
          .writeStream()
          .format("memory")
          .queryName(sink)
          .start();
      try {
        query.processAllAvailable();
        for (int partition = 0; partition < 4; partition++) {
          produce(topic, partition, 4, 2);
        }
        query.processAllAvailable();
        List<String> rows = spark
            .sql("SELECT _kafka_partition, _kafka_offset, v FROM " + sink
                + " ORDER BY _kafka_partition, _kafka_offset")
            .collectAsList()
            .stream()
            .map(row -> row.getInt(0) + "@" + row.getLong(1) + "=" + row.getString(2))
            .toList();

        List<String> expected = new ArrayList<>();
        for (int partition = 0; partition < 4; partition++) {
          for (int n = 0; n < 6; n++) {
            expected.add(partition + "@" + n + "=p" + partition + "-" + n);
          }
        }
        assertThat(rows).containsExactlyElementsOf(expected);
      } finally {
        query.stop();
      }
    }
  }

  private static void produce(String topic, int partition, int first, int count) {
    MinkSparkSessions.produce(KAFKA, topic, partition, first, count);
  }
}
