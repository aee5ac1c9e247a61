package io.mink.testkit;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Waits for a Kafka client future and throws what Kafka threw, unchecked and unwrapped. */
final class KafkaCalls {
  private KafkaCalls() {}

  /**
   * The future's value. A failure comes back as the client's own unchecked exception (such as
   * {@code UnknownTopicOrPartitionException}) so callers can tell the cases apart.
   */
  static <T> T await(Future<T> future, Duration timeout, String action) {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw new IllegalStateException("Cannot " + action + ": " + e.getCause(), e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException(
          "Timed out after " + timeout.toSeconds() + " s trying to " + action
              + ": is the broker still running?",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while trying to " + action, e);
    }
  }
}
