package io.mink.lake;

/**
 * Called around the catalog's metadata swap of a round's commit. The sidecar uses the default,
 * which does nothing; crash tests use {@link #pausing} to stop a process exactly inside a commit.
 */
public interface CommitHook {
  CommitHook NONE = new CommitHook() {};

  default void beforeCatalogSwap(String table) {}

  default void afterCatalogSwap(String table) {}

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
