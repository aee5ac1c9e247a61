package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.common.TopicPartition;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Mink's catalog in a real Spark (local mode: the executors' tasks run in this JVM, each with its own clients)
 * against a real broker and lake: a table with one round tiered and a tail after it reads lake and tail rows once.
 */
class MinkCatalogIT {
  private static final String TABLES_TOPIC = "_tables";

  @RegisterExtension
  static final KafkaBroker KAFKA = new KafkaBroker();

  private static final Warehouse WAREHOUSE = Warehouse.create();
  private static SparkSession spark;

  @BeforeAll
  static void startSpark() {
    spark = MinkSparkSessions.builder("local[2]", "MinkCatalogIT", KAFKA, TABLES_TOPIC, WAREHOUSE)
        .getOrCreate();
  }

  @AfterAll
  static void stopSpark() {
    if (spark != null) {
      spark.stop();
    }
    WAREHOUSE.close();
  }

  @Test
  void lakeRowsAndTheTailAreEachReadOnce() {
    String topic = topic(2);
    produce(topic, 0, 0, 4);
    produce(topic, 1, 0, 2);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 4, 3);
      produce(topic, 1, 2, 1);
      assertThat(sidecar.rows(table)).hasSize(6);
      String name = "mink.kafka.`" + table.name() + "`";

      long count = spark.sql("SELECT count(*) FROM " + name).first().getLong(0);
      List<String> rows = strings(spark
          .sql("SELECT _kafka_partition, _kafka_offset, CAST(_kafka_value AS STRING) FROM " + name
              + " ORDER BY _kafka_partition, _kafka_offset")
          .collectAsList());

      assertThat(count).isEqualTo(10);
      assertThat(rows)
          .containsExactly(
              "0@0=p0-0",
              "0@1=p0-1",
              "0@2=p0-2",
              "0@3=p0-3",
              "0@4=p0-4",
              "0@5=p0-5",
              "0@6=p0-6",
              "1@0=p1-0",
              "1@1=p1-1",
              "1@2=p1-2");
    }
  }

  @Test
  void theReadPointInExplainRepeatsTheReadWithTheAtOption() {
    String topic = topic(2);
    produce(topic, 0, 0, 3);
    produce(topic, 1, 0, 1);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 3, 2);
      String name = "mink.kafka.`" + table.name() + "`";
      long snapshot = sidecar.table(table).currentSnapshot().snapshotId();
      String token = "v1:s=" + snapshot + ":0=3-5,1=1-1";

      String plan =
          spark.sql("EXPLAIN SELECT _kafka_offset FROM " + name).first().getString(0);
      produce(topic, 1, 1, 2);
      sidecar.runRound(table);
      List<String> again = strings(spark
          .read()
          .option("at", token)
          .table(name)
          .selectExpr("_kafka_partition", "_kafka_offset", "CAST(_kafka_value AS STRING)")
          .orderBy("_kafka_partition", "_kafka_offset")
          .collectAsList());
      long now = spark.sql("SELECT count(*) FROM " + name).first().getLong(0);

      assertThat(plan).contains("Mink union read of kafka." + table.name() + " at " + token);
      assertThat(again)
          .containsExactly("0@0=p0-0", "0@1=p0-1", "0@2=p0-2", "0@3=p0-3", "0@4=p0-4", "1@0=p1-0");
      assertThat(now).isEqualTo(8);
    }
  }

  @Test
  void aReadPointWhoseTailKafkaNoLongerHoldsIsRefused() throws Exception {
    String topic = topic(1);
    produce(topic, 0, 0, 2);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 2, 4);
      long snapshot = sidecar.table(table).currentSnapshot().snapshotId();
      KAFKA
          .admin()
          .deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(4)))
          .all()
          .get(30, TimeUnit.SECONDS);

      assertThatThrownBy(() -> spark
              .read()
              .option("at", "v1:s=" + snapshot + ":0=2-6")
              .table("mink.kafka.`" + table.name() + "`")
              .count())
          .hasMessageContaining(
              "Cannot read partition 0 of topic " + topic
                  + " at this point again: offsets [2, 4) are no longer in Kafka (retention removed them)");
    }
  }

  @Test
  void aFilterPrunesTheLakeAndSparkStillAppliesItToEveryRow() {
    String topic = topic(1);
    produce(topic, 0, 0, 4);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 4, 3);
      String query = "SELECT _kafka_offset FROM mink.kafka.`" + table.name()
          + "` WHERE _kafka_offset >= 3 AND _kafka_offset <> 5 ORDER BY _kafka_offset";

      List<Long> offsets =
          spark.sql(query).collectAsList().stream().map(row -> row.getLong(0)).toList();
      String plan = spark.sql("EXPLAIN " + query).first().getString(0);

      assertThat(offsets).containsExactly(3L, 4L, 6L);
      assertThat(plan)
          .contains("filter (ref(name=\"_kafka_offset\") >= 3")
          .contains("(lake files, row groups and rows)");
    }
  }

  @Test
  void aQueryPinnedToKafkaPartitionsReadsOnlyThose() {
    String topic = topic(3);
    for (int partition = 0; partition < 3; partition++) {
      produce(topic, partition, 0, 2);
    }
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 1, 2, 1);
      String name = "mink.kafka.`" + table.name() + "`";
      var pinned =
          spark.sql("SELECT _kafka_partition, _kafka_offset, CAST(_kafka_value AS STRING) FROM "
              + name + " WHERE _kafka_partition IN (1, 7) ORDER BY _kafka_offset");

      List<String> rows = strings(pinned.collectAsList());
      long none =
          spark.sql("SELECT * FROM " + name + " WHERE _kafka_partition = 7").count();

      assertThat(rows).containsExactly("1@0=p1-0", "1@1=p1-1", "1@2=p1-2");
      assertThat(spark
              .sql("SELECT _kafka_offset FROM " + name + " WHERE _kafka_partition IN (1, 7)")
              .rdd()
              .getNumPartitions())
          .as("partition 1's lake files and its tail")
          .isEqualTo(2);
      assertThat(none).isZero();
    }
  }

  @Test
  void theModeOptionReadsTheLakeAloneOrTheLogAlone() {
    String topic = topic(1);
    produce(topic, 0, 0, 2);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 2, 3);
      String name = "mink.kafka.`" + table.name() + "`";

      long lake = spark.read().option("mode", "lake").table(name).count();
      long log = spark.read().option("mode", "log").table(name).count();
      long union = spark.read().table(name).count();

      assertThat(lake).isEqualTo(2);
      assertThat(log).isEqualTo(5);
      assertThat(union).isEqualTo(5);
      assertThatThrownBy(() -> spark.read().option("mode", "kafka").table(name).count())
          .hasMessage("Read option mode is \"kafka\": give one of union, lake, log");
    }
  }

  @Test
  void anUpsertTableIsTheLakeWithTheTailsLastChangeOfEachKeyInOneTaskPerPartition() {
    String topic = topic(1);
    KAFKA.produce(topic, List.of(keyed("k1", "a"), keyed("k2", "b"), keyed("k3", "c")));
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3), Map.of("mode", "upsert"));
      sidecar.runRound(table);
      KAFKA.produce(
          topic,
          List.of(keyed("k1", "a2"), keyed("k2", null), keyed("k4", "d"), keyed("k1", "a3")));
      var read = spark
          .read()
          .option("tail_split_records", "1")
          .table("mink.kafka.`" + table.name() + "`")
          .selectExpr("CAST(_kafka_key AS STRING)", "CAST(_kafka_value AS STRING)")
          .orderBy("_kafka_key");

      List<String> rows = read.collectAsList().stream()
          .map(row -> row.getString(0) + "=" + row.getString(1))
          .toList();

      assertThat(rows).containsExactly("k1=a3", "k3=c", "k4=d");
      assertThat(read.rdd().getNumPartitions()).isEqualTo(1);
    }
  }

  @Test
  void selectStarHasEveryColumnOfTheTable() {
    String topic = topic(1);
    produce(topic, 0, 0, 2);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      sidecar.runRound(table);
      produce(topic, 0, 2, 1);

      List<Row> rows =
          spark.sql("SELECT * FROM mink.kafka.`" + table.name() + "`").collectAsList();

      assertThat(rows).hasSize(3);
      assertThat(rows.get(0).schema().fieldNames())
          .containsExactlyElementsOf(sidecar.table(table).schema().columns().stream()
              .map(column -> column.name())
              .toList());
    }
  }

  @Test
  void showTablesListsTheIndexingTables() {
    String topic = topic(1);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));

      List<String> names = spark.sql("SHOW TABLES IN mink.kafka").collectAsList().stream()
          .map(row -> row.getString(1))
          .toList();

      assertThat(names).contains(table.name());
    }
  }

  @Test
  void aTableThatIsNotIndexingIsRefusedSayingWhy() {
    String topic = topic(1);
    try (InProcessSidecar sidecar = sidecar()) {
      TableDescriptor table = sidecar.add(topic, Duration.ofMinutes(3));
      assertThat(sidecar.store.replace(
              table,
              table.withLifecycle(new Lifecycle(
                  LifecycleState.MISSING,
                  Instant.parse("2026-12-01T10:00:00Z"),
                  "topic " + topic + " gone"))))
          .isTrue();

      assertThatThrownBy(
              () -> spark.sql("SELECT * FROM mink.kafka.`" + table.name() + "`").collectAsList())
          .hasMessage(
              "Table kafka." + table.name() + " is missing since 2026-12-01T10:00:00Z (topic "
                  + topic + " gone), so it is not served");
    }
  }

  @Test
  void aTableThatIsNotAddedIsNotFound() {
    assertThatThrownBy(() -> spark.sql("SELECT * FROM mink.kafka.`never-added`").collectAsList())
        .hasMessageContaining("TABLE_OR_VIEW_NOT_FOUND")
        .hasMessageContaining("never-added");
  }

  private static List<String> strings(List<Row> rows) {
    List<String> result = new ArrayList<>();
    for (Row row : rows) {
      result.add(row.getInt(0) + "@" + row.getLong(1) + "=" + row.getString(2));
    }
    return result;
  }

  private static InProcessSidecar sidecar() {
    return new InProcessSidecar(KAFKA.bootstrapServers(), WAREHOUSE.lakeSettings(), TABLES_TOPIC);
  }

  private static String topic(int partitions) {
    String topic = InProcessSidecar.uniqueTopic("spark");
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  private static TestRecord keyed(String key, String value) {
    return new TestRecord(
        0,
        key.getBytes(StandardCharsets.UTF_8),
        value == null ? null : value.getBytes(StandardCharsets.UTF_8),
        List.of(),
        null);
  }

  private static void produce(String topic, int partition, int first, int count) {
    MinkSparkSessions.produce(KAFKA, topic, partition, first, count);
  }
}
