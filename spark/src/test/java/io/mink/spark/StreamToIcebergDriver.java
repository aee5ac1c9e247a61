package io.mink.spark;

import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.apache.spark.sql.streaming.Trigger;

/**
 * A user's Spark driver, run as a process of its own by {@link MinkStreamCrashIT}: it streams a Mink table into an
 * Iceberg table (Iceberg's Spark runtime, a Hadoop catalog in a directory), with a checkpoint, and prints
 * {@code BATCH <id>} for each micro-batch it committed. {@code run} streams until killed; {@code drain} streams what
 * Kafka holds now, then prints the sink's rows: {@code VERIFY rows=<n> duplicates=<n>}, and per Kafka partition
 * {@code PARTITION <p> rows=<n> min=<offset> max=<offset>}.
 *
 * <p>Arguments: mode, bootstrap servers, tables topic, lake catalog, lake uri, lake warehouse, Mink table name,
 * checkpoint directory, sink warehouse directory.
 */
public final class StreamToIcebergDriver {
  private StreamToIcebergDriver() {}

  public static void main(String[] args) throws TimeoutException, StreamingQueryException {
    String mode = args[0];
    SparkSession spark = SparkSession.builder()
        .master("local[2]")
        .appName("StreamToIcebergDriver")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.catalog.mink", MinkCatalog.class.getName())
        .config("spark.sql.catalog.mink.kafka.bootstrap.servers", args[1])
        .config("spark.sql.catalog.mink.indexer.tables_topic", args[2])
        .config("spark.sql.catalog.mink.lake.catalog", args[3])
        .config("spark.sql.catalog.mink.lake.uri", args[4])
        .config("spark.sql.catalog.mink.lake.warehouse", args[5])
        .config("spark.sql.catalog.sink", "org.apache.iceberg.spark.SparkCatalog")
        .config("spark.sql.catalog.sink.type", "hadoop")
        .config("spark.sql.catalog.sink.warehouse", args[8])
        .getOrCreate();
    spark.sql("CREATE TABLE IF NOT EXISTS sink.db.copied (p INT, o BIGINT, v STRING) USING iceberg "
        + "TBLPROPERTIES ('write.format.default' = 'orc')");
    spark.streams().addListener(new StreamingQueryListener() {
      @Override
      public void onQueryStarted(QueryStartedEvent event) {}

      @Override
      public void onQueryProgress(QueryProgressEvent event) {
        System.out.println("BATCH " + event.progress().batchId());
        System.out.flush();
      }

      @Override
      public void onQueryTerminated(QueryTerminatedEvent event) {}
    });
    StreamingQuery query = spark
        .readStream()
        .table("mink.kafka.`" + args[6] + "`")
        .selectExpr(
            "_kafka_partition AS p", "_kafka_offset AS o", "CAST(_kafka_value AS STRING) AS v")
        .writeStream()
        .format("iceberg")
        .outputMode("append")
        .option("checkpointLocation", args[7])
        .trigger(
            mode.equals("drain")
                ? Trigger.AvailableNow()
                : Trigger.ProcessingTime("300 milliseconds"))
        .toTable("sink.db.copied");
    query.awaitTermination();
    if (mode.equals("drain")) {
      Row totals = spark
          .sql("SELECT count(*), count(*) - count(DISTINCT p, o) FROM sink.db.copied")
          .first();
      System.out.println("VERIFY rows=" + totals.getLong(0) + " duplicates=" + totals.getLong(1));
      for (Row row : spark
          .sql("SELECT p, count(*), min(o), max(o) FROM sink.db.copied GROUP BY p ORDER BY p")
          .collectAsList()) {
        System.out.println("PARTITION " + row.getInt(0) + " rows=" + row.getLong(1) + " min="
            + row.getLong(2) + " max=" + row.getLong(3));
      }
    }
    spark.stop();
  }
}
