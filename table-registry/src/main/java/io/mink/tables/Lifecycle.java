package io.mink.tables;

import static java.util.Objects.requireNonNull;

import java.io.Serializable;
import java.time.Instant;

/**
 * A table's state, since when and why, as list, show and stats print it.
 *
 * @param reason what moved the table into the state, such as "topic orders no longer exists in Kafka"
 */
public record Lifecycle(LifecycleState state, Instant since, String reason)
    implements Serializable {
  private static final long serialVersionUID = 1L;

  public Lifecycle {
    requireNonNull(state, "state is null");
    requireNonNull(since, "since is null");
    requireNonNull(reason, "reason is null");
  }

  public static Lifecycle indexing(Instant since, String reason) {
    return new Lifecycle(LifecycleState.INDEXING, since, reason);
  }

  public boolean is(LifecycleState other) {
    return state == other;
  }
}
