package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.mink.indexer.config.MinkConfigLoader;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mink tables as Spark streams (local mode, the tasks in this JVM): the first micro-batch is the table at its start,
 * every later one the new records; partitions added to the topic are picked up, {@code start=latest} skips the
 * history, and a new column stops the query with Mink's message until it is restarted.
 */
class MinkStreamIT {
  private static final String TABLES_TOPIC = "_tables";
  private static final String ORDER_V1 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"}]}""";
  private static final String ORDER_V2 = """
      {"type": "record", "name": "Order", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "note", "type": ["null", "string"], "default": null}]}""";

  /** The rows each query's micro-batches handed to its sink, by query name. */
  private static final Map<String, List<String>> SEEN = new ConcurrentHashMap<>();

  /** The number of rows of each non-empty micro-batch, by query name. */
  private static final Map<String, List<Integer>> SIZES = new ConcurrentHashMap<>();

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Warehouse WAREHOUSE = Warehouse.create();
  private static FakeSchemaRegistry registry;
  private static SparkSession spark;

  @TempDir
  Path checkpoints;

  @BeforeAll
  static void startSpark() {
    registry = FakeSchemaRegistry.start();
    spark = MinkSparkSessions.builder("local[2]", "MinkStreamIT", KAFKA, TABLES_TOPIC, WAREHOUSE)
        .config("spark.sql.catalog.mink.schema_registry.url", registry.url())
        .getOrCreate();
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
  void theFirstMicroBatchIsTheTableThenEachNewRecordAndAddedPartitionsArePickedUp()
      throws Exception {
    String topic = topic(2);
    produce(topic, 0, 0, 3);
    produce(topic, 1, 0, 1);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 3, 2);
      StreamingQuery query = start("picked", table, Map.of());
      try {
        query.processAllAvailable();
        List<String> first = List.copyOf(SEEN.get("picked"));

        produce(topic, 1, 1, 2);
        KAFKA
            .admin()
            .createPartitions(Map.of(topic, NewPartitions.increaseTo(3)))
            .all()
            .get();
        produce(topic, 2, 0, 2);
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
          query.processAllAvailable();
          assertThat(SEEN.get("picked")).hasSize(10);
        });

        assertThat(first).containsExactlyInAnyOrder("0@0", "0@1", "0@2", "0@3", "0@4", "1@0");
        assertThat(SEEN.get("picked"))
            .containsExactlyInAnyOrder(
                "0@0", "0@1", "0@2", "0@3", "0@4", "1@0", "1@1", "1@2", "2@0", "2@1")
            .doesNotHaveDuplicates();
      } finally {
        query.stop();
      }
    }
  }

  @Test
  void maxRecordsPerTriggerLimitsEachMicroBatchAfterTheFirst() throws Exception {
    String topic = topic(1);
    produce(topic, 0, 0, 3);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      StreamingQuery query = start("limited", table, Map.of("max_records_per_trigger", "2"));
      try {
        query.processAllAvailable();
        produce(topic, 0, 3, 5);
        query.processAllAvailable();

        assertThat(SIZES.get("limited").get(0)).isEqualTo(3);
        assertThat(SIZES.get("limited").subList(1, SIZES.get("limited").size()))
            .hasSizeGreaterThanOrEqualTo(3)
            .allSatisfy(size -> assertThat(size).isBetween(1, 2));
        assertThat(SEEN.get("limited"))
            .containsExactly("0@0", "0@1", "0@2", "0@3", "0@4", "0@5", "0@6", "0@7");
      } finally {
        query.stop();
      }
    }
  }

  @Test
  void startLatestSkipsTheHistory() throws Exception {
    String topic = topic(2);
    produce(topic, 0, 0, 3);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 1, 0, 2);
      StreamingQuery query = start("latest", table, Map.of("start", "latest"));
      try {
        query.processAllAvailable();
        produce(topic, 0, 3, 1);
        produce(topic, 1, 2, 1);
        query.processAllAvailable();

        assertThat(SEEN.get("latest")).containsExactlyInAnyOrder("0@3", "1@2");
      } finally {
        query.stop();
      }
    }
  }

  @Test
  void aNewColumnStopsTheQueryAndTheRestartedQueryHasIt() throws Exception {
    String topic = topic(1);
    int v1 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V1).id();
    int v2 = registry.register(topic + "-value", SchemaType.AVRO, ORDER_V2).id();
    KAFKA.produce(topic, List.of(record(v1, order(ORDER_V1, 1, null))));
    try (InProcessSidecar sidecar = decodingSidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      StreamingQuery query = start("evolving", table, Map.of());
      query.processAllAvailable();
      KAFKA.produce(topic, List.of(record(v2, order(ORDER_V2, 2, "gift"))));

      await().atMost(Duration.ofSeconds(60)).until(() -> !query.isActive());
      String stopped = String.valueOf(query.exception().get().getMessage());
      StreamingQuery restarted = start("evolving", table, Map.of());
      try {
        restarted.processAllAvailable();

        assertThat(stopped)
            .contains("The columns of table kafka." + table.name()
                + " changed while the stream read it: new columns [note]. Spark fixes a stream's "
                + "columns when the query starts: restart the query to read them");
        assertThat(SEEN.get("evolving")).containsExactly("0@0 id=1", "0@1 id=2 note=gift");
      } finally {
        restarted.stop();
      }
    }
  }

  private StreamingQuery start(String name, TableDescriptor table, Map<String, String> options)
      throws Exception {
    SEEN.putIfAbsent(name, new CopyOnWriteArrayList<>());
    SIZES.putIfAbsent(name, new CopyOnWriteArrayList<>());
    Path checkpoint = checkpoints.resolve(name);
    Files.createDirectories(checkpoint);
    Dataset<Row> rows =
        spark.readStream().options(options).table("mink.kafka.`" + table.name() + "`");
    VoidFunction2<Dataset<Row>, Long> sink = (batch, id) -> {
      List<String> described = describe(batch);
      if (!described.isEmpty()) {
        SIZES.get(name).add(described.size());
      }
      SEEN.get(name).addAll(described);
    };
    return rows.writeStream()
        .option("checkpointLocation", checkpoint.toString())
        .foreachBatch(sink)
        .start();
  }

  /** Each row as partition@offset, with the typed columns when the table has them. */
  private static List<String> describe(Dataset<Row> batch) {
    List<String> fields = Arrays.asList(batch.columns());
    List<String> rows = new ArrayList<>();
    for (Row row : batch.collectAsList()) {
      StringBuilder text = new StringBuilder(row.getInt(row.fieldIndex("_kafka_partition")) + "@"
          + row.getLong(row.fieldIndex("_kafka_offset")));
      if (fields.contains("id")) {
        text.append(" id=").append(row.getLong(row.fieldIndex("id")));
      }
      if (fields.contains("note") && !row.isNullAt(row.fieldIndex("note"))) {
        text.append(" note=").append(row.getString(row.fieldIndex("note")));
      }
      rows.add(text.toString());
    }
    return rows;
  }

  private static InProcessSidecar sidecar() {
    return new InProcessSidecar(KAFKA.bootstrapServers(), WAREHOUSE.lakeSettings(), TABLES_TOPIC);
  }

  private static InProcessSidecar decodingSidecar() {
    var settings = MinkConfigLoader.load(
            null,
            Map.of(
                "MINK_KAFKA_BOOTSTRAP_SERVERS", KAFKA.bootstrapServers(),
                "MINK_SCHEMA_REGISTRY_URL", registry.url()),
            WAREHOUSE.directory())
        .schemaRegistry();
    return new InProcessSidecar(
        KAFKA.bootstrapServers(),
        WAREHOUSE.lakeSettings(),
        TABLES_TOPIC,
        RegistryDecoders.from(settings).orElseThrow());
  }

  private static String topic(int partitions) {
    String topic = InProcessSidecar.uniqueTopic("stream");
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  private static TestRecord record(int schemaId, byte[] payload) {
    byte[] value = ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(schemaId)
        .put(payload)
        .array();
    return new TestRecord(0, null, value, List.of(), null);
  }

  private static byte[] order(String schemaText, long id, String note) throws IOException {
    Schema schema = new Schema.Parser().parse(schemaText);
    GenericData.Record order = new GenericData.Record(schema);
    order.put("id", id);
    if (schema.getField("note") != null) {
      order.put("note", note);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(order, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  private static void produce(String topic, int partition, int first, int count) {
    MinkSparkSessions.produce(KAFKA, topic, partition, first, count);
  }
}
