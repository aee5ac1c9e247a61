package io.mink.tables;

import java.time.Instant;
import java.util.Optional;

/**
 * The state changes Kafka's metadata causes (docs/tables.md, States), as a pure function of the table and
 * what the metadata says of its topic now. A removing table is left alone: only its removal ends it.
 */
public final class TopicWatch {
  private TopicWatch() {}

  /** The table as it should be recorded after this observation, or empty when nothing changes. */
  public static Optional<TableDescriptor> next(
      TableDescriptor table, TopicObservation observation, Instant now) {
    LifecycleState state = table.lifecycle().state();
    if (state == LifecycleState.REMOVING) {
      return Optional.empty();
    }
    if (observation instanceof TopicObservation.Present present) {
      if (table.topicId() == null) {
        return Optional.of(table.withTopicId(present.topicId()));
      }
      if (present.topicId().equals(table.topicId())) {
        return state == LifecycleState.INDEXING
            ? Optional.empty()
            : Optional.of(table.withLifecycle(Lifecycle.indexing(
                now, "topic " + table.topic() + " (topic id " + table.topicId() + ") is back")));
      }
      if (state == LifecycleState.REPLACED) {
        return Optional.empty();
      }
      return Optional.of(table.withLifecycle(new Lifecycle(
          LifecycleState.REPLACED,
          now,
          "topic " + table.topic()
              + " was deleted and created again (topic id " + table.topicId() + " is now "
              + present.topicId()
              + "): remove the table and add it again")));
    }
    if (state == LifecycleState.MISSING) {
      return Optional.empty();
    }
    return Optional.of(table.withLifecycle(new Lifecycle(
        LifecycleState.MISSING,
        now,
        "topic " + table.topic()
            + (state == LifecycleState.REPLACED
                ? " (topic id " + table.topicId() + ", and the topic that replaced it)"
                : " (topic id " + table.topicId() + ")")
            + " no longer exists in Kafka")));
  }
}
