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

  /** The encoder that writes files of (schema, spec): this one if it can, else parquet-java. */
  public ParquetEncoder forFiles(Schema schema, PartitionSpec spec) {
    if (this == DUCKDB && DuckDbSupport.supports(schema, spec)) {
      return DUCKDB;
    }
    return PARQUET_JAVA;
  }
}
