package io.mink.schema.table;

import io.mink.schema.KafkaColumns;
import java.util.Locale;
import java.util.Set;

/** The names of the typed columns and the names a schema may not use for its own. */
public final class TableColumns {
  public static final String DECODED_KEY = "_kafka_decoded_key";
  public static final String VALUE = "value";

  private static final Set<String> METADATA = Set.of(
      KafkaColumns.PARTITION,
      KafkaColumns.OFFSET,
      KafkaColumns.TIMESTAMP,
      KafkaColumns.KEY,
      KafkaColumns.HEADERS,
      KafkaColumns.VALUE,
      DECODED_KEY);

  private TableColumns() {}

  /** Whether a value field of this name would collide with a column Mink owns or Iceberg reserves. */
  public static boolean isReserved(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    return METADATA.contains(lower)
        || lower.startsWith("_kafka_")
        || lower.equals("_file")
        || lower.equals("_pos")
        || lower.equals("_deleted")
        || lower.equals("_spec_id")
        || lower.equals("_partition")
        || lower.equals("_row_id")
        || lower.equals("_last_updated_sequence_number");
  }
}
