package io.mink.indexer.stats;

import io.mink.registry.Lifecycle;
import io.mink.registry.LifecycleState;
import java.time.Instant;

/** A table's lifecycle state as the commands print it: the state, since when, why, and what to do about it. */
public final class LifecycleText {
  private LifecycleText() {}

  /** Such as "missing since 3m ago: topic orders no longer exists in Kafka; indexing goes on when it is back". */
  public static String describe(Lifecycle lifecycle, String table, Instant now) {
    return lifecycle.state().label() + " since " + RelativeTime.relative(lifecycle.since(), now) + ": "
        + lifecycle.reason() + advice(lifecycle.state(), table);
  }

  /** What to do about a table in the state, after "; ", or nothing for an indexing table. */
  public static String advice(LifecycleState state, String table) {
    return switch (state) {
      case INDEXING -> "";
      case MISSING -> "; indexing goes on when the topic is back";
      case REPLACED -> "; to index the new topic, run mink table remove " + table + " and add it again";
      case REMOVING -> "; the Iceberg table is deleted once no instance owns the table, then the entry is gone";
    };
  }
}
