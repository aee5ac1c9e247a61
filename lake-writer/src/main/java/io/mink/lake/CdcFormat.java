package io.mink.lake;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The change-event format whose records an upsert table unwraps into the row they describe: the
 * table option cdc, the property mink.cdc (docs/tables.md "Upsert tables").
 */
public enum CdcFormat {
  /** Debezium's change events: the row is the event's after, and a delete event deletes the key. */
  DEBEZIUM;

  /** The format as a user writes it, such as debezium. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The format of the name, in any case; the message of the exception lists the formats. */
  public static CdcFormat parse(String value) {
    String label = value.strip().toLowerCase(Locale.ROOT);
    for (CdcFormat format : values()) {
      if (format.label().equals(label)) {
        return format;
      }
    }
    throw new IllegalArgumentException("Invalid cdc format '" + value + "': use "
        + Arrays.stream(values()).map(CdcFormat::label).collect(Collectors.joining(" or "))
        + " (docs/tables.md \"Upsert tables\")");
  }
}
