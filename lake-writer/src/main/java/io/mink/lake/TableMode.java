package io.mink.lake;

import io.mink.schema.KafkaColumns;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;

/**
 * How a Mink table holds its topic's records (docs/tables.md "Upsert tables"), fixed when the table
 * is added: the table option mode, the property mink.mode; a table without it appends.
 */
public enum TableMode {
  /** One row per Kafka record. */
  APPEND(KafkaColumns.SCHEMA, 2),
  /** One row per Kafka key, the newest record's; a tombstone deletes the key's row. */
  UPSERT(KafkaColumns.UPSERT_SCHEMA, 3);

  private final Schema schema;
  private final int defaultFormatVersion;

  TableMode(Schema schema, int defaultFormatVersion) {
    this.schema = schema;
    this.defaultFormatVersion = defaultFormatVersion;
  }

  /** The mode as a user writes it: append or upsert. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The columns a new table of this mode starts with. */
  public Schema schema() {
    return schema;
  }

  /** The Iceberg format version of a new table of this mode when iceberg.format-version is not given. */
  public int defaultFormatVersion() {
    return defaultFormatVersion;
  }

  /** The mode the table options select: their mode option, else append. */
  public static TableMode of(Map<String, String> tableOptions) {
    String value = tableOptions.get(MinkTableLayout.MODE_OPTION);
    return value == null ? APPEND : parse(value);
  }

  /** The mode of an Iceberg table from its properties: mink.mode, else append. */
  public static TableMode ofProperties(Map<String, String> properties) {
    String value = properties.get(MinkTableLayout.OPTION_PREFIX + MinkTableLayout.MODE_OPTION);
    return value == null ? APPEND : parse(value);
  }

  /** The mode of the name, in any case; the message of the exception lists the modes. */
  public static TableMode parse(String value) {
    String label = value.strip().toLowerCase(Locale.ROOT);
    for (TableMode mode : values()) {
      if (mode.label().equals(label)) {
        return mode;
      }
    }
    throw new IllegalArgumentException("Invalid table mode '" + value + "': use "
        + Arrays.stream(values()).map(TableMode::label).collect(Collectors.joining(" or "))
        + " (docs/tables.md \"Upsert tables\")");
  }
}
