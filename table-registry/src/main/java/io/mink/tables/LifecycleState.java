package io.mink.tables;

import java.util.Locale;

/** Where a table is in its life (docs/tables.md, States). Only indexing tables are tiered and served. */
public enum LifecycleState {
  /** Indexed, committed and served. */
  INDEXING,
  /** Kafka no longer has the topic; back to indexing when the topic with the same topic id returns. */
  MISSING,
  /** A topic of the same name with another topic id exists: remove the table and add it again. */
  REPLACED,
  /** Removed: the Iceberg table is deleted once no instance owns it, then the entry is gone. */
  REMOVING;

  /** The state as users see and type it: indexing, missing, replaced, removing. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static LifecycleState fromLabel(String label) {
    for (LifecycleState state : values()) {
      if (state.label().equals(label)) {
        return state;
      }
    }
    throw new IllegalArgumentException("Unknown table state '" + label
        + "': expected indexing, missing, replaced " + "or removing");
  }
}
