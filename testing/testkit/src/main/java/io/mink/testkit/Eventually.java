package io.mink.testkit;

import java.time.Duration;
import java.util.Optional;
import org.apache.kafka.common.errors.RetriableException;

/** Polls until a condition holds, retrying on Kafka's retriable errors, and fails with what it was waiting for. */
final class Eventually {
  private static final long FIRST_PAUSE_MILLIS = 10;
  private static final long MAX_PAUSE_MILLIS = 250;

  /** One look at the state: a value when the wait is over, empty to look again. */
  @FunctionalInterface
  interface Probe<T> {
    Optional<T> look();
  }

  private Eventually() {}

  static <T> T await(String waitingFor, Duration timeout, Probe<T> probe) {
    long deadline = System.nanoTime() + timeout.toNanos();
    long pause = FIRST_PAUSE_MILLIS;
    RetriableException lastError = null;
    while (true) {
      try {
        Optional<T> result = probe.look();
        if (result.isPresent()) {
          return result.get();
        }
        lastError = null;
      } catch (RetriableException e) {
        lastError = e;
      }
      if (System.nanoTime() > deadline) {
        String reason = lastError == null ? "" : "; the last attempt failed with " + lastError;
        throw new IllegalStateException(
            "Timed out after " + timeout.toSeconds() + " s waiting for " + waitingFor + reason, lastError);
      }
      sleep(pause, waitingFor);
      pause = Math.min(pause * 2, MAX_PAUSE_MILLIS);
    }
  }

  private static void sleep(long millis, String waitingFor) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for " + waitingFor, e);
    }
  }
}
