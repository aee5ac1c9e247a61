package io.mink.lake.write.batch;

import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.parquet.ParquetSchemaUtil;
import org.apache.parquet.schema.MessageType;

/**
 * What every Parquet file of one table schema shares: the Parquet schema with Iceberg's field ids, the write
 * settings from the table's properties, and the footer's {@code iceberg.schema}. Made once per schema, not per
 * file.
 */
record BatchFileLayout(
    Schema schema,
    MessageType parquetSchema,
    ParquetWriteSettings settings,
    Map<String, String> footerMetadata) {
  /** The footer key under which Iceberg's writers record the table schema. */
  static final String SCHEMA_KEY = "iceberg.schema";

  static BatchFileLayout of(Schema schema, Map<String, String> properties) {
    MessageType parquetSchema = ParquetSchemaUtil.convert(schema, "table");
    return new BatchFileLayout(
        schema,
        parquetSchema,
        ParquetWriteSettings.of(properties, schema, parquetSchema),
        Map.of(SCHEMA_KEY, SchemaParser.toJson(schema)));
  }
}
