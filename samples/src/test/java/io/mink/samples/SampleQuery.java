package io.mink.samples;

import java.util.List;

/**
 * A query of docs/querying.md over the quickstart's Avro table, as Spark, Trino and DuckDB write it: Spark's names
 * it {@code mink.kafka.orders_avro}, Trino's {@code iceberg.kafka.orders_avro} (the docker-compose stack's catalog),
 * DuckDB's reads the table's newest metadata file with {@code iceberg_scan}.
 *
 * @param duckDb null when DuckDB has no such query
 */
record SampleQuery(String title, String spark, String trino, String duckDb) {
  static final String SPARK_TABLE = "mink.kafka.orders_avro";
  static final String DUCKDB_TABLE =
      "iceberg_scan('mink-quickstart/mink-warehouse/kafka/orders_avro/metadata/00001-<uuid>.metadata.json')";

  static final SampleQuery TYPED_COLUMNS = new SampleQuery(
      "Typed columns, nested fields and the decoded key", """
      SELECT _kafka_decoded_key.order_id AS key_id, order_id, customer, placed_at, status, total,
             shipping.city AS city, note
      FROM mink.kafka.orders_avro
      WHERE shipping.country = 'NO'
      ORDER BY order_id""", """
      SELECT _kafka_decoded_key.order_id AS key_id, order_id, customer, placed_at, status, total,
             shipping.city AS city, note
      FROM iceberg.kafka.orders_avro
      WHERE shipping.country = 'NO'
      ORDER BY order_id""", """
      SELECT _kafka_decoded_key.order_id AS key_id, order_id, customer, placed_at, status, total,
             shipping.city AS city, note
      FROM %s
      WHERE shipping.country = 'NO'
      ORDER BY order_id""".formatted(DUCKDB_TABLE));

  static final SampleQuery REVENUE_BY_STATUS =
      new SampleQuery("Revenue by status", """
      SELECT status, count(*) AS orders, round(sum(total), 2) AS revenue
      FROM mink.kafka.orders_avro
      GROUP BY status
      ORDER BY status""", """
      SELECT status, count(*) AS orders, round(sum(total), 2) AS revenue
      FROM iceberg.kafka.orders_avro
      GROUP BY status
      ORDER BY status""", """
      SELECT status, count(*) AS orders, round(sum(total), 2) AS revenue
      FROM %s
      GROUP BY status
      ORDER BY status""".formatted(DUCKDB_TABLE));

  static final SampleQuery UNITS_PER_SKU = new SampleQuery(
      "Units per product: a list of structs, unnested", """
      SELECT line.sku, sum(line.quantity) AS units
      FROM (SELECT explode(lines) AS line FROM mink.kafka.orders_avro)
      GROUP BY line.sku
      ORDER BY units DESC, sku""", """
      SELECT line.sku, sum(line.quantity) AS units
      FROM iceberg.kafka.orders_avro CROSS JOIN UNNEST(lines) AS line(sku, quantity)
      GROUP BY line.sku
      ORDER BY units DESC, sku""", """
      SELECT line.sku, sum(line.quantity) AS units
      FROM (SELECT unnest(lines) AS line FROM %s)
      GROUP BY line.sku
      ORDER BY units DESC, sku""".formatted(DUCKDB_TABLE));

  static final SampleQuery RECORDS_PER_PARTITION = new SampleQuery(
      "Kafka's columns: records per partition, and values left raw", """
      SELECT _kafka_partition, count(*) AS records, max(_kafka_offset) + 1 AS end_offset,
             count(_kafka_value) AS values_left_raw
      FROM mink.kafka.orders_avro
      GROUP BY _kafka_partition
      ORDER BY _kafka_partition""", """
      SELECT _kafka_partition, count(*) AS records, max(_kafka_offset) + 1 AS end_offset,
             count(_kafka_value) AS values_left_raw
      FROM iceberg.kafka.orders_avro
      GROUP BY _kafka_partition
      ORDER BY _kafka_partition""", """
      SELECT _kafka_partition, count(*) AS records, max(_kafka_offset) + 1 AS end_offset,
             count(_kafka_value) AS values_left_raw
      FROM %s
      GROUP BY _kafka_partition
      ORDER BY _kafka_partition""".formatted(
              DUCKDB_TABLE));

  static final SampleQuery LAKE_OFFSETS =
      new SampleQuery("The Kafka offsets the lake holds", """
      SELECT committed_at, summary['mink-offsets'] AS mink_offsets
      FROM mink.kafka.orders_avro.snapshots
      ORDER BY committed_at DESC
      LIMIT 1""", """
      SELECT committed_at, summary['mink-offsets'] AS mink_offsets
      FROM iceberg.kafka."orders_avro$snapshots"
      ORDER BY committed_at DESC
      LIMIT 1""", null);

  static final List<SampleQuery> ALL =
      List.of(TYPED_COLUMNS, REVENUE_BY_STATUS, UNITS_PER_SKU, RECORDS_PER_PARTITION, LAKE_OFFSETS);

  /** The Spark query over another table of the quickstart, such as {@code orders_protobuf}. */
  String sparkOn(String tableName) {
    return spark.replace(SPARK_TABLE, "mink.kafka." + tableName);
  }

  @Override
  public String toString() {
    return title;
  }
}
