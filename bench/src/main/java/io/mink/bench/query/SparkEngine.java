package io.mink.bench.query;

import io.mink.testkit.SparkReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Spark SQL in local mode on the lake (Iceberg's Spark runtime), in a child JVM: what users run today. */
final class SparkEngine implements Engine {
  private final SparkReader spark;

  SparkEngine(SparkReader spark) {
    this.spark = spark;
  }

  @Override
  public List<List<Object>> rows(String sql) {
    List<List<Object>> rows = new ArrayList<>();
    for (Map<String, Object> row : spark.sql(sql)) {
      rows.add(new ArrayList<>(row.values()));
    }
    return rows;
  }
}
