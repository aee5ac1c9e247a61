package io.mink.indexer.lifecycle;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.errors.MinkException;
import io.mink.lake.commit.CommitHook;
import io.mink.tables.TableDescriptor;
import io.mink.tables.TopicObservation;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;

/**
 * Refuses a round's commit when the table's topic is no longer the one it was added with: deleted, or deleted and
 * created again under the same name. Offsets of a new topic mean other records than the table's, so a round that
 * read them must not commit them; the topic watch then moves the table to missing or replaced. Checked right before
 * the catalog swap, before the epoch fence, so no Kafka call runs while the fence holds the table.
 */
public final class TopicIdentityCheck implements CommitHook {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final Admin admin;
  private final TableDescriptor table;
  private final CommitHook next;

  public TopicIdentityCheck(Admin admin, TableDescriptor table, CommitHook next) {
    this.admin = requireNonNull(admin, "admin is null");
    this.table = requireNonNull(table, "table is null");
    this.next = requireNonNull(next, "next is null");
  }

  @Override
  public void aroundCatalogSwap(String name, Runnable swap) {
    if (table.topicId() != null) {
      verify();
    }
    next.aroundCatalogSwap(name, swap);
  }

  private void verify() {
    Optional<TopicObservation> observation = TopicObserver.observe(
            admin, List.of(table.topic()), TIMEOUT)
        .getOrDefault(table.topic(), Optional.empty());
    if (observation.isEmpty()) {
      throw MinkException.external(
          "Cannot check the topic id of " + table.topic() + " within " + TIMEOUT.toSeconds()
              + "s before the commit of " + table.qualifiedName() + "; the round is tried again");
    }
    if (observation.get() instanceof TopicObservation.Absent) {
      throw new TopicChangedException(
          "Topic " + table.topic() + " of table " + table.qualifiedName()
              + " no longer exists, so the round's records are not committed; the table keeps what it indexed");
    }
    String current = ((TopicObservation.Present) observation.get()).topicId();
    if (!current.equals(table.topicId())) {
      throw new TopicChangedException(
          "Topic " + table.topic() + " of table " + table.qualifiedName() + " was deleted "
              + "and created again (topic id " + table.topicId() + " is now " + current
              + "), so the round's records, "
              + "read from the new topic, are not committed");
    }
  }

  /** The table's topic is not the one it was added with: the round must not commit. */
  public static final class TopicChangedException extends RuntimeException {
    TopicChangedException(String message) {
      super(message);
    }
  }
}
