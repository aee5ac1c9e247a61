package io.mink.indexer.upsert;

import io.mink.lake.MinkTableLayout;
import io.mink.tables.TableDescriptor;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/** The key indexes of a sidecar's upsert tables, by table, sharing one memory budget. */
public final class KeyIndexes {
  private final KeyIndexBudget budget;
  private final ConcurrentHashMap<String, KeyIndex> indexes = new ConcurrentHashMap<>();

  public KeyIndexes(KeyIndexBudget budget) {
    this.budget = budget;
  }

  /** The table's key index; null for an append table. */
  public KeyIndex of(TableDescriptor descriptor) {
    if (!MinkTableLayout.isUpsert(descriptor.options())) {
      return null;
    }
    return indexes.computeIfAbsent(descriptor.qualifiedName(), name -> new KeyIndex(name, budget));
  }

  /** Forgets the index of a table this sidecar no longer tiers. */
  public void release(String qualifiedName) {
    KeyIndex index = indexes.remove(qualifiedName);
    if (index != null) {
      index.forget();
    }
  }

  /** Forgets the indexes of the tables {@code kept} rejects, such as those another instance tiers now. */
  public void releaseUnless(Predicate<String> kept) {
    for (String table : Set.copyOf(indexes.keySet())) {
      if (!kept.test(table)) {
        release(table);
      }
    }
  }

  public KeyIndexBudget budget() {
    return budget;
  }
}
