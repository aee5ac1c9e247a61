package io.mink.indexer.schedule;

import io.mink.tables.TableDescriptor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a fresh read of the tables topic means for the tables an instance schedules: which to let go and why,
 * which entries changed, and which owned indexing tables are new. Pure: the caller applies it under its lock.
 *
 * @param letGo the scheduled tables to let go, with the reason
 * @param changed the scheduled tables whose entry changed, as they are now
 * @param added the owned indexing tables not scheduled yet
 */
record ListedTables(
    Map<String, String> letGo, List<TableDescriptor> changed, List<TableDescriptor> added) {
  static ListedTables of(
      Map<String, TableDescriptor> scheduled, List<TableDescriptor> listed, OwnedPartitions owned) {
    Map<String, TableDescriptor> byName = new HashMap<>();
    listed.forEach(table -> byName.put(table.qualifiedName(), table));
    Map<String, String> letGo = new LinkedHashMap<>();
    List<TableDescriptor> changed = new ArrayList<>();
    scheduled.forEach((name, before) -> {
      TableDescriptor now = byName.get(name);
      if (now == null) {
        letGo.put(name, "removed from the tables topic");
      } else if (!now.isIndexing()) {
        letGo.put(
            name, "the table is " + now.state().label() + ": " + now.lifecycle().reason());
      } else if (!owned.owns(name)) {
        letGo.put(name, "its ownership partition moved to another instance");
      } else if (!now.equals(before)) {
        changed.add(now);
      }
    });
    List<TableDescriptor> added = listed.stream()
        .filter(table -> table.isIndexing()
            && owned.owns(table.qualifiedName())
            && !scheduled.containsKey(table.qualifiedName()))
        .toList();
    return new ListedTables(letGo, List.copyOf(changed), added);
  }
}
