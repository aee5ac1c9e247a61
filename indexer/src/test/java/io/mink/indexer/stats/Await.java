package io.mink.indexer.stats;

import java.time.Duration;

/** Retries an assertion until it holds or the time is up, then fails with its last failure. */
final class Await {
  private Await() {}

  static void until(Duration timeout, Runnable assertion) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      try {
        assertion.run();
        return;
      } catch (AssertionError e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("Interrupted while waiting", e);
      }
    }
  }
}
