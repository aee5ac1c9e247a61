package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.tables.TableStore;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The tables topic as the service reads it: every added table, and how many are in each state. */
final class AddedTables {
  private static final Logger LOG = LoggerFactory.getLogger(AddedTables.class);

  private final TableStore store;
  private volatile boolean read;
  private volatile Map<LifecycleState, Integer> byState = Map.of();

  AddedTables(TableStore store) {
    this.store = requireNonNull(store, "store is null");
  }

  /**
   * The added tables now; {@code current} when the topic cannot be read. The first read, from the start of the
   * topic, is logged with how long it took: at startup the instance schedules nothing before it.
   */
  List<TableDescriptor> list(List<TableDescriptor> current) {
    long started = System.nanoTime();
    try {
      List<TableDescriptor> listed = store.list();
      byState = count(listed);
      if (!read) {
        LOG.info(
            "Read the tables topic in {} ms (added tables: {})",
            (System.nanoTime() - started) / 1_000_000,
            listed.size());
      }
      read = true;
      return listed;
    } catch (RuntimeException e) {
      LOG.warn(
          "Cannot read the added tables, keeping the {} known ones: {}",
          current.size(),
          e.getMessage());
      return current;
    }
  }

  /** Whether the tables topic was read at least once. */
  boolean read() {
    return read;
  }

  /** The added tables, owned or not, by state, as of the last read. */
  Map<LifecycleState, Integer> byState() {
    return byState;
  }

  private static Map<LifecycleState, Integer> count(List<TableDescriptor> tables) {
    Map<LifecycleState, Integer> counts = new EnumMap<>(LifecycleState.class);
    tables.forEach(table -> counts.merge(table.state(), 1, Integer::sum));
    return Map.copyOf(counts);
  }
}
