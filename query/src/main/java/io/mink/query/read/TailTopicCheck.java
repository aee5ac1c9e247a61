package io.mink.query.read;

import io.mink.indexer.errors.MinkException;
import io.mink.tables.TableDescriptor;
import io.mink.tables.TopicObservation;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Whether a table's topic still continues its lake, checked before a read takes a Kafka tail: the table must be
 * indexing, and its topic must still exist with the id the table was added with. A topic deleted and created again
 * under the same name is another topic whose offsets mean other records, as for a replaced table; the sidecar's topic
 * watch marks the table replaced, but a read must not depend on a sidecar running. A table added before Mink recorded
 * topic ids has none, and only its state is checked.
 */
final class TailTopicCheck {
  private TailTopicCheck() {}

  static void require(TableDescriptor table, TopicIds topicIds) {
    if (!table.isIndexing()) {
      throw MinkException.conflict(
          "Table " + table.qualifiedName() + " is " + table.state().label()
              + " since " + table.lifecycle().since() + " (" + table.lifecycle().reason()
              + "), so its topic has no tail to read after the lake: read what the lake holds with --mode lake");
    }
    if (table.topicId() == null) {
      return;
    }
    Optional<TopicObservation> now = topicIds.observe(table.topic());
    if (now.isEmpty()) {
      throw MinkException.external(
          "Cannot check the topic id of " + table.topic() + " within "
              + TopicIds.WAIT.toSeconds() + " s before reading the Kafka tail of "
              + table.qualifiedName()
              + ": Kafka does not answer. Read again later, or read what the lake holds with --mode lake");
    }
    if (now.get() instanceof TopicObservation.Present present) {
      if (!present.topicId().equals(table.topicId())) {
        throw MinkException.conflict("Topic " + table.topic() + " of table " + table.qualifiedName()
            + " was deleted and created again (topic id " + table.topicId() + " is now "
            + present.topicId()
            + "), so its records do not continue the table's lake. Read what the lake "
            + "holds with --mode lake; to index the new topic, remove the table and add it again");
      }
      return;
    }
    throw MinkException.conflict("Topic " + table.topic() + " of table " + table.qualifiedName()
        + " no longer exists, so no Kafka tail continues the table's lake. Read what the lake holds with "
        + "--mode lake");
  }

  /** {@link #require} on {@code executor}, so that the caller asks Kafka for more while the check waits for Kafka. */
  static CompletableFuture<Void> started(
      TableDescriptor table, TopicIds topicIds, Executor executor) {
    return CompletableFuture.runAsync(() -> require(table, topicIds), executor);
  }

  /** Waits for a started check; it fails as {@link #require} fails. */
  static void await(CompletableFuture<Void> check) {
    try {
      check.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException failure ? failure : e;
    }
  }
}
