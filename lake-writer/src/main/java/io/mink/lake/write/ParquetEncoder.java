package io.mink.lake.write;

import io.mink.lake.write.duckdb.DuckDbSupport;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;

/** What encodes a round's Parquet files from its column batches. */
public enum ParquetEncoder {
  /** parquet-java through Iceberg's Parquet writer: every schema and partition spec. */
  PARQUET_JAVA,
  /**
   * DuckDB's {@code COPY ... TO (FORMAT parquet)} fed the batches through Arrow's C stream interface: where
   * {@link DuckDbSupport} finds it loads and the schema and spec fit, parquet-java elsewhere.
   */
  DUCKDB;

  /** The encoder named {@code parquet-java} or {@code duckdb}, as the sidecar's setting names it. */
  public static ParquetEncoder named(String name) {
    return switch (name) {
      case "parquet-java" -> PARQUET_JAVA;
      case "duckdb" -> DUCKDB;
      default ->
        throw new IllegalArgumentException(
            "No Parquet encoder is named " + name + ": use parquet-java or duckdb");
    };
  }

  /** The name the sidecar's setting uses. */
  public String settingName() {
    return this == PARQUET_JAVA ? "parquet-java" : "duckdb";
  }

  /** The encoder that writes files of (schema, spec): this one if it can, else parquet-java. */
  public ParquetEncoder forFiles(Schema schema, PartitionSpec spec) {
    if (this == DUCKDB && DuckDbSupport.supports(schema, spec)) {
      return DUCKDB;
    }
    return PARQUET_JAVA;
  }
}
