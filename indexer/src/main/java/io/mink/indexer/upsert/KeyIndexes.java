package io.mink.indexer.upsert;

import io.mink.lake.MinkTableLayout;
import io.mink.tables.TableDescriptor;
import java.util.concurrent.ConcurrentHashMap;

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

  public KeyIndexBudget budget() {
    return budget;
  }
}
