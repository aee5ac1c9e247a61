package io.mink.indexer.foreign;

import io.mink.lake.commit.CommitHook;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A commit hook that, once armed for a table, pauses the next catalog swap of a round of that table (the round's first
 * commit attempt: the round has refreshed the table, planned, written its files and built its metadata) and runs an
 * action meanwhile, on the round's own thread, before it lets the swap go on. The action is another engine's commit,
 * so the swap finds the table changed: Iceberg retries the round's commit on the refreshed metadata, or Mink's checks
 * refuse it. Later attempts, Iceberg's retries included, pass straight through.
 */
final class PausingHook implements CommitHook {
  private final Map<String, Runnable> armed = new ConcurrentHashMap<>();

  /** Runs {@code action} inside the next commit attempt of a round of {@code table} (Iceberg's table name). */
  void arm(String table, Runnable action) {
    if (armed.putIfAbsent(table, action) != null) {
      throw new IllegalStateException("The hook of " + table + " is armed already");
    }
  }

  /** Disarms the table's hook; true when its action never ran (the round did not reach a commit). */
  boolean disarm(String table) {
    return armed.remove(table) != null;
  }

  @Override
  public void aroundCatalogSwap(String table, Runnable swap) {
    Runnable action = armed.remove(table);
    if (action != null) {
      action.run();
    }
    swap.run();
  }
}
