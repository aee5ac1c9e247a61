package io.mink.indexer.stats;

import io.mink.tables.LifecycleState;
import java.util.Map;

/** How many added tables are in each state, as the instance last read the tables topic; answers at once. */
@FunctionalInterface
public interface TableCensus {
  TableCensus NONE = Map::of;

  Map<LifecycleState, Integer> tablesByState();
}
