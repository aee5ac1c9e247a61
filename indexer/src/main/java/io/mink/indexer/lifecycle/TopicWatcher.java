package io.mink.indexer.lifecycle;

import static java.util.Objects.requireNonNull;

import io.mink.tables.TableDescriptor;
import io.mink.tables.TableStore;
import io.mink.tables.TopicObservation;
import io.mink.tables.TopicWatch;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the topics of tables from Kafka's metadata and records the state changes it causes ({@link TopicWatch}):
 * a deleted topic makes its table missing, a topic recreated under the same name makes it replaced, and the topic
 * with the table's topic id makes it indexing again. A topic Kafka does not answer for is left as it was.
 */
public final class TopicWatcher {
  private static final Logger LOG = LoggerFactory.getLogger(TopicWatcher.class);
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final Admin admin;
  private final TableStore store;
  private final Clock clock;

  public TopicWatcher(Admin admin, TableStore store, Clock clock) {
    this.admin = requireNonNull(admin, "admin is null");
    this.store = requireNonNull(store, "store is null");
    this.clock = requireNonNull(clock, "clock is null");
  }

  /** Checks the tables' topics once; returns the tables as recorded after the changes this check made. */
  public List<TableDescriptor> check(List<TableDescriptor> tables) {
    if (tables.isEmpty()) {
      return List.of();
    }
    Map<String, Optional<TopicObservation>> observations = TopicObserver.observe(
        admin, tables.stream().map(TableDescriptor::topic).distinct().toList(), TIMEOUT);
    List<TableDescriptor> changed = new ArrayList<>();
    for (TableDescriptor table : tables) {
      Optional<TopicObservation> observation =
          observations.getOrDefault(table.topic(), Optional.empty());
      if (observation.isEmpty()) {
        continue;
      }
      Optional<TableDescriptor> next = TopicWatch.next(table, observation.get(), clock.instant());
      if (next.isPresent() && record(table, next.get())) {
        changed.add(next.get());
      }
    }
    return changed;
  }

  private boolean record(TableDescriptor table, TableDescriptor next) {
    try {
      if (store.replace(table, next)) {
        if (next.state() != table.state()) {
          LOG.info(
              "Table {} is {}: {}",
              table.qualifiedName(),
              next.state().label(),
              next.lifecycle().reason());
        }
        return true;
      }
      LOG.debug(
          "Table {} changed while its topic was checked; the next check sees it",
          table.qualifiedName());
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot record that table {} is {}: {}",
          table.qualifiedName(),
          next.state().label(),
          e.getMessage());
    }
    return false;
  }
}
