package io.mink.cli.operations;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import java.time.Duration;

/** Waiting between polls of a command that waits for something to happen. */
public final class Pause {
  private Pause() {}

  public static void sleep(Duration duration) {
    try {
      Thread.sleep(Math.max(0, duration.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MinkException(ErrorCategory.INTERNAL, "Interrupted while waiting", e);
    }
  }
}
