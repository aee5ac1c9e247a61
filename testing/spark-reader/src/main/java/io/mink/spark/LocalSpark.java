package io.mink.spark;

import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A small local Spark session on the loopback interface, in UTC, without a UI or Hive, reading Iceberg catalogs, with
 * Iceberg's SQL extensions: its procedures ({@code CALL mink.system.rewrite_data_files(...)}) and DDL such as
 * {@code ALTER TABLE ... WRITE ORDERED BY}, which tests run as another engine on Mink's tables.
 */
final class LocalSpark {
  private LocalSpark() {}

  /** Starts Spark with {@code catalogSettings} (none: sessions of its own add their catalogs). */
  static SparkSession start(Map<String, String> catalogSettings) {
    SparkSession.Builder builder = SparkSession.builder()
        .appName("mink-spark-reader")
        .master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.catalogImplementation", "in-memory")
        .config(
            "spark.sql.extensions",
            "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.datetime.java8API.enabled", "true");
    catalogSettings.forEach(builder::config);
    SparkSession spark = builder.getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }
}
