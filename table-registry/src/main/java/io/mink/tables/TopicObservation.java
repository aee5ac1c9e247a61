package io.mink.tables;

import static java.util.Objects.requireNonNull;

/** What Kafka's metadata says of a table's topic right now: present with its topic id, or absent. */
public sealed interface TopicObservation {
  record Present(String topicId) implements TopicObservation {
    public Present {
      requireNonNull(topicId, "topicId is null");
    }
  }

  record Absent() implements TopicObservation {}

  static TopicObservation present(String topicId) {
    return new Present(topicId);
  }

  static TopicObservation absent() {
    return new Absent();
  }
}
