package io.mink.cli;

import java.time.Duration;

/** Waiting between polls of a command that waits for something to happen. */
final class Pause {
  private Pause() {}

  static void sleep(Duration duration) {
    try {
      Thread.sleep(Math.max(0, duration.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CommandFailure(ExitCode.INTERNAL_ERROR, "Interrupted while waiting", e);
    }
  }
}
