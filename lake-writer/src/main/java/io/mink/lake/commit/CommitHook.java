package io.mink.lake.commit;

/**
 * Called around the catalog's metadata swap of a round's commit, after the offsets were checked. The
 * sidecar fences each round with it: {@link #aroundCatalogSwap} refuses the swap of a round whose
 * epoch is no longer current. Crash tests use {@link #pausing} to stop a process exactly inside a commit.
 */
public interface CommitHook {
  CommitHook NONE = new CommitHook() {};

  default void beforeCatalogSwap(String table) {}

  default void afterCatalogSwap(String table) {}

  /**
   * Runs the catalog swap: by default {@link #beforeCatalogSwap}, the swap, {@link #afterCatalogSwap}.
   * A fence wraps this to check, right before the swap and while holding off anyone who would take
   * the table away, that the round may still commit; throwing here refuses the commit and Iceberg does
   * not retry it.
   */
  default void aroundCatalogSwap(String table, Runnable swap) {
    beforeCatalogSwap(table);
    swap.run();
    afterCatalogSwap(table);
  }

  /** Prints a marker line and sleeps before the swap, so a test can kill the process mid-commit. */
  static CommitHook pausing(long millis) {
    return new CommitHook() {
      @Override
      public void beforeCatalogSwap(String table) {
        System.out.println("mink-commit-hook: swapping catalog metadata of " + table);
        System.out.flush();
        try {
          Thread.sleep(millis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }

      @Override
      public void afterCatalogSwap(String table) {
        System.out.println("mink-commit-hook: swapped catalog metadata of " + table);
        System.out.flush();
      }
    };
  }
}
