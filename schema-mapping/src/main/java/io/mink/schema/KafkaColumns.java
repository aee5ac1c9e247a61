package io.mink.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * The six metadata columns every Mink table starts with, in this order (README.md, "What a table looks like").
 * Field ids 1 to 6 are the columns; 7 to 9 are the header list's element and its fields. An upsert
 * table ({@link #UPSERT_SCHEMA}) has the same columns, with {@code _kafka_key} required and its key.
 */
public final class KafkaColumns {
  public static final String PARTITION = "_kafka_partition";
  public static final String OFFSET = "_kafka_offset";
  public static final String TIMESTAMP = "_kafka_timestamp";
  public static final String KEY = "_kafka_key";
  public static final String HEADERS = "_kafka_headers";
  public static final String VALUE = "_kafka_value";
  public static final String HEADER_KEY = "key";
  public static final String HEADER_VALUE = "value";

  public static final int PARTITION_POSITION = 0;
  public static final int OFFSET_POSITION = 1;
  public static final int TIMESTAMP_POSITION = 2;
  public static final int KEY_POSITION = 3;
  public static final int HEADERS_POSITION = 4;
  public static final int VALUE_POSITION = 5;

  /** The field id of {@code _kafka_key}, the identifier field of an upsert table. */
  public static final int KEY_ID = 4;

  public static final Types.StructType HEADER = Types.StructType.of(
      Types.NestedField.required(8, HEADER_KEY, Types.StringType.get()),
      Types.NestedField.optional(9, HEADER_VALUE, Types.BinaryType.get()));

  public static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, PARTITION, Types.IntegerType.get(), "The Kafka partition"),
      Types.NestedField.required(2, OFFSET, Types.LongType.get(), "The record's offset"),
      Types.NestedField.optional(
          3, TIMESTAMP, Types.TimestampType.withZone(), "The record's timestamp, in microseconds"),
      Types.NestedField.optional(
          KEY_ID,
          KEY,
          Types.BinaryType.get(),
          "The raw key, or null when the key is null or decoded"),
      Types.NestedField.optional(
          5, HEADERS, Types.ListType.ofRequired(7, HEADER), "Every header in order, repeats kept"),
      Types.NestedField.optional(
          6,
          VALUE,
          Types.BinaryType.get(),
          "The raw value, or null when the value is null or decoded"));

  /**
   * The columns of an upsert table: those of {@link #SCHEMA}, with {@code _kafka_key} required and
   * the table's only identifier field. It always holds the record's raw key bytes, decoded or not,
   * as Kafka's log compaction keys on them.
   */
  public static final Schema UPSERT_SCHEMA = upsertSchema();

  private KafkaColumns() {}

  private static Schema upsertSchema() {
    List<Types.NestedField> columns = new ArrayList<>(SCHEMA.columns());
    columns.set(
        KEY_POSITION,
        Types.NestedField.required(
            KEY_ID,
            KEY,
            Types.BinaryType.get(),
            "The raw key bytes, always set: the table's key, as Kafka's log compaction's"));
    return new Schema(columns, Set.of(KEY_ID));
  }
}
