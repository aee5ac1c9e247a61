package io.mink.retry;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Calls a service until it answers, waiting with a {@link Backoff} after each failure that may pass: Mink's one retry
 * loop, for a catalog that is starting or a schema registry that is down. A failure that retrying cannot help is
 * thrown at once; when the backoff runs out of attempts or the caller may not wait that long, the {@link Outcome}
 * carries the last failure for the caller to report. Instances are immutable; each {@code with...} returns a copy.
 */
public final class Retry {
  private final Backoff backoff;
  private final Predicate<Exception> retryable;
  private final Predicate<Duration> mayWait;
  private final Consumer<Exception> onFailure;
  private final BiConsumer<Exception, Duration> beforeWait;

  private Retry(
      Backoff backoff,
      Predicate<Exception> retryable,
      Predicate<Duration> mayWait,
      Consumer<Exception> onFailure,
      BiConsumer<Exception, Duration> beforeWait) {
    this.backoff = requireNonNull(backoff, "backoff is null");
    this.retryable = requireNonNull(retryable, "retryable is null");
    this.mayWait = requireNonNull(mayWait, "mayWait is null");
    this.onFailure = requireNonNull(onFailure, "onFailure is null");
    this.beforeWait = requireNonNull(beforeWait, "beforeWait is null");
  }

  /** Retries every failure, as often and as long as the backoff says. */
  public static Retry with(Backoff backoff) {
    return new Retry(backoff, error -> true, delay -> true, error -> {}, (error, delay) -> {});
  }

  /** Retries only the failures {@code retryable} accepts; the others are thrown at once. */
  public Retry retrying(Predicate<Exception> retryable) {
    return new Retry(backoff, retryable, mayWait, onFailure, beforeWait);
  }

  /** Gives up instead of waiting a delay {@code mayWait} refuses, such as one that would pass a deadline. */
  public Retry waitingOnlyIf(Predicate<Duration> mayWait) {
    return new Retry(backoff, retryable, mayWait, onFailure, beforeWait);
  }

  /** Tells {@code onFailure} of each retryable failure, before deciding whether to wait or give up. */
  public Retry onEachFailure(Consumer<Exception> onFailure) {
    return new Retry(backoff, retryable, mayWait, onFailure, beforeWait);
  }

  /** Tells {@code beforeWait} of each failure it waits after, with the delay, such as to log it. */
  public Retry beforeEachWait(BiConsumer<Exception, Duration> beforeWait) {
    return new Retry(backoff, retryable, mayWait, onFailure, beforeWait);
  }

  /**
   * Calls {@code attempt} until it returns or the retry gives up.
   *
   * @throws E the first failure that is not retryable, or a runtime exception that is not
   * @throws InterruptedException when interrupted while waiting
   */
  @SuppressWarnings("unchecked")
  public <T, E extends Exception> Outcome<T> call(Attempt<T, E> attempt)
      throws E, InterruptedException {
    long start = System.nanoTime();
    for (int attempts = 1; ; attempts++) {
      try {
        return new Outcome<>(
            attempt.run(), null, attempts, Duration.ofNanos(System.nanoTime() - start));
      } catch (Exception e) {
        if (e instanceof InterruptedException interrupted) {
          throw interrupted;
        }
        if (!retryable.test(e)) {
          if (e instanceof RuntimeException runtime) {
            throw runtime;
          }
          throw (E) e;
        }
        onFailure.accept(e);
        Duration delay = backoff.delayAfter(attempts);
        if (attempts >= backoff.attempts() || !mayWait.test(delay)) {
          return new Outcome<>(null, e, attempts, Duration.ofNanos(System.nanoTime() - start));
        }
        beforeWait.accept(e, delay);
        Thread.sleep(delay.toMillis());
      }
    }
  }

  /**
   * Calls {@code attempt}, retrying every failure of type {@code failures} (such as a checked "service unavailable")
   * and no other, until it returns or the retry gives up; any other failure is thrown at once.
   *
   * @throws InterruptedException when interrupted while waiting
   */
  public <T, E extends Exception> Outcome<T> callRetrying(Class<E> failures, Attempt<T, E> attempt)
      throws InterruptedException {
    try {
      return retrying(failures::isInstance).call(attempt);
    } catch (RuntimeException | InterruptedException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(
          "A " + failures.getSimpleName() + " to retry escaped the retry", e);
    }
  }

  /** One try at the service: its answer, or a failure of type {@code E} (or a runtime exception). */
  @FunctionalInterface
  public interface Attempt<T, E extends Exception> {
    T run() throws E;
  }

  /**
   * How a {@link #call} ended: with the answer, or with the last failure when it gave up.
   *
   * @param answer what the call returned; null when it gave up
   * @param lastFailure the failure it gave up after; null when it answered
   * @param attempts the attempts made, the first included
   * @param took the time from the first attempt to the end, waits included
   */
  public record Outcome<T>(T answer, Exception lastFailure, int attempts, Duration took) {
    public boolean answered() {
      return lastFailure == null;
    }
  }
}
