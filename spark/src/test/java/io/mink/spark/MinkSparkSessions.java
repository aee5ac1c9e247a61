package io.mink.spark;

import io.mink.testkit.KafkaBroker;
import io.mink.testkit.TestRecord;
import io.mink.testkit.Warehouse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/** The Spark sessions of the module's tests, with Mink's catalog as {@code mink}, and the records they produce. */
final class MinkSparkSessions {
  private MinkSparkSessions() {}

  /**
   * A session builder whose catalog {@code mink} reads the broker's tables topic and the warehouse's lake; the test
   * adds what else it needs (a registry's URL, executors) and calls {@code getOrCreate()}.
   */
  static SparkSession.Builder builder(
      String master, String app, KafkaBroker kafka, String tablesTopic, Warehouse warehouse) {
    return SparkSession.builder()
        .master(master)
        .appName(app)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.catalog.mink", MinkCatalog.class.getName())
        .config("spark.sql.catalog.mink.kafka.bootstrap.servers", kafka.bootstrapServers())
        .config("spark.sql.catalog.mink.indexer.tables_topic", tablesTopic)
        .config("spark.sql.catalog.mink.lake.catalog", warehouse.lakeSettings().catalog())
        .config("spark.sql.catalog.mink.lake.uri", warehouse.lakeSettings().uri())
        .config(
            "spark.sql.catalog.mink.lake.warehouse", warehouse.lakeSettings().warehouse());
  }

  /** {@code count} records into the partition, without a key, valued p{partition}-{n} from n = {@code first}. */
  static void produce(KafkaBroker kafka, String topic, int partition, int first, int count) {
    List<TestRecord> records = new ArrayList<>();
    for (int n = first; n < first + count; n++) {
      records.add(new TestRecord(
          partition,
          null,
          ("p" + partition + "-" + n).getBytes(StandardCharsets.UTF_8),
          List.of(),
          null));
    }
    kafka.produce(topic, records);
  }
}
