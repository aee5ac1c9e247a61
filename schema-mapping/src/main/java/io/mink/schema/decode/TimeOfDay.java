package io.mink.schema.decode;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a table stores a time of day (Avro's time-millis and time-micros), the table option
 * {@code mink.time-as}. Iceberg's {@code time} type is the faithful one, but Spark cannot read a
 * table that has a {@code time} column at all, so a new table stores times as {@link #LONG}
 * unless its option says otherwise (docs/querying.md "Engines").
 */
public enum TimeOfDay {
  /** Iceberg {@code time}: Trino, Flink, DuckDB, Snowflake and BigQuery read it; Spark cannot read the table. */
  TIME("time", null),
  /** Iceberg {@code long}: microseconds since midnight. Every engine reads it. */
  LONG("long", "time of day in microseconds since midnight"),
  /** Iceberg {@code string}: ISO-8601 {@code HH:MM:SS.ffffff}, which sorts as the times do. */
  STRING("string", "time of day as HH:MM:SS.ffffff");

  /** What a table without the option stores. */
  public static final TimeOfDay DEFAULT = LONG;

  private final String label;
  private final String columnNote;

  TimeOfDay(String label, String columnNote) {
    this.label = label;
    this.columnNote = columnNote;
  }

  /** The option's value: time, long or string. */
  public String label() {
    return label;
  }

  /** What a column's doc says its values are; null for {@link #TIME}, whose type says it. */
  public String columnNote() {
    return columnNote;
  }

  /** The value of a {@code mink.time-as} option, or an exception whose message lists the values to use. */
  public static TimeOfDay parse(String value) {
    String wanted = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    for (TimeOfDay choice : values()) {
      if (choice.label.equals(wanted)) {
        return choice;
      }
    }
    throw new IllegalArgumentException("Invalid mink.time-as '" + value + "': use "
        + Arrays.stream(values()).map(TimeOfDay::label).collect(Collectors.joining(", ")));
  }
}
