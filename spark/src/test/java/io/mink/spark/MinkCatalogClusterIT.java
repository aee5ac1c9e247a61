package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.indexer.testing.InProcessSidecar;
import io.mink.tables.TableDescriptor;
import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
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

  private static final Warehouse WAREHOUSE = Warehouse.create();
  private static SparkSession spark;

  @BeforeAll
  static void startSpark() {
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
      assertThat(split.rdd().getNumPartitions()).isEqualTo(8);
      assertThat(splitRows).containsExactlyElementsOf(expected);
      assertThat(spark.sparkContext().statusTracker().getExecutorInfos()).hasSize(3);
    }
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
