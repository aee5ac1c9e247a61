package io.mink.spark;

import org.apache.spark.sql.SparkSession;

/** A small local Spark session on the loopback interface, in UTC, without a UI or Hive, reading one Iceberg catalog. */
final class LocalSpark {
  private LocalSpark() {}

  static SparkSession start(ServerArguments arguments) {
    SparkSession.Builder builder = SparkSession.builder()
        .appName("mink-spark-reader")
        .master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.catalogImplementation", "in-memory")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.default.parallelism", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.datetime.java8API.enabled", "true");
    arguments.sparkCatalogSettings().forEach(builder::config);
    SparkSession spark = builder.getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }
}
