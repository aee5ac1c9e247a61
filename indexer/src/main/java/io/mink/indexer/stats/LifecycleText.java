package io.mink.indexer.stats;

import io.mink.tables.Lifecycle;
import io.mink.tables.LifecycleState;
import java.time.Instant;

/** A table's lifecycle state as the commands print it: the state, since when, why, and what to do about it. */
public final class LifecycleText {
  private LifecycleText() {}

  /**
   * Such as "missing since 3m ago: topic orders no longer exists in Kafka; indexing goes on when the topic is back".
   */
  public static String describe(Lifecycle lifecycle, Instant now) {
    return lifecycle.state().label() + " since " + RelativeTime.relative(lifecycle.since(), now)
        + ": " + lifecycle.reason() + advice(lifecycle.state());
  }

  /**
   * What to do about a table in the state, after "; ", or nothing: an indexing table needs nothing, and the reason
   * of a replaced one already says to remove the table and add it again.
   */
  public static String advice(LifecycleState state) {
    return switch (state) {
      case INDEXING, REPLACED -> "";
      case MISSING -> "; indexing goes on when the topic is back";
      case REMOVING ->
        "; the Iceberg table is deleted once no instance owns the table, then the entry is gone";
    };
  }
}
