package io.mink.retry;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How patiently to try a service that does not answer: at most {@code attempts} attempts, waiting {@code first}
 * after the first failure and twice as long after each next one, never longer than {@code max}.
 *
 * @param attempts the most attempts, the first included; {@link #UNLIMITED} when only the caller's deadline stops
 */
public record Backoff(int attempts, Duration first, Duration max) {
  public static final int UNLIMITED = Integer.MAX_VALUE;

  public Backoff {
    requireNonNull(first, "first is null");
    requireNonNull(max, "max is null");
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1, not " + attempts);
    }
    if (first.isNegative() || max.compareTo(first) < 0) {
      throw new IllegalArgumentException(
          "Backoff delays must be 0 <= first <= max, not first " + first + " and max " + max);
    }
  }

  /** The wait after failed attempt number {@code attempt}, 1 being the first. */
  public Duration delayAfter(int attempt) {
    Duration doubled = first.multipliedBy(1L << Math.min(Math.max(attempt, 1) - 1, 30));
    return doubled.compareTo(max) > 0 ? max : doubled;
  }
}
