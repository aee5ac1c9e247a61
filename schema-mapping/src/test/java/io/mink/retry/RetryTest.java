package io.mink.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RetryTest {
  private static final Backoff QUICK = new Backoff(4, Duration.ofMillis(1), Duration.ofMillis(2));

  @Test
  void delaysDoubleFromTheFirstUpToTheLargest() {
    Backoff backoff = new Backoff(Backoff.UNLIMITED, Duration.ofSeconds(1), Duration.ofSeconds(30));

    assertThat(List.of(1, 2, 3, 4, 5, 6, 7, 100).stream()
            .map(backoff::delayAfter)
            .map(Duration::toSeconds))
        .containsExactly(1L, 2L, 4L, 8L, 16L, 30L, 30L, 30L);
  }

  @Test
  void backoffRefusesNoAttemptsAndAFirstDelayAboveTheLargest() {
    assertThatThrownBy(() -> new Backoff(0, Duration.ZERO, Duration.ZERO))
        .hasMessage("attempts must be at least 1, not 0");
    assertThatThrownBy(() -> new Backoff(1, Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .hasMessage("Backoff delays must be 0 <= first <= max, not first PT2S and max PT1S");
  }

  @Test
  void answerAfterFailuresCountsTheAttemptsAndTellsOfEachWait() throws InterruptedException {
    AtomicInteger calls = new AtomicInteger();
    List<String> told = new ArrayList<>();

    Retry.Outcome<String> outcome = Retry.with(QUICK)
        .onEachFailure(e -> told.add("failed: " + e.getMessage()))
        .beforeEachWait((e, delay) -> told.add("waiting " + delay.toMillis() + " ms"))
        .call(() -> {
          if (calls.incrementAndGet() < 3) {
            throw new IllegalStateException("down " + calls.get());
          }
          return "up";
        });

    assertThat(outcome.answered()).isTrue();
    assertThat(outcome.answer()).isEqualTo("up");
    assertThat(outcome.attempts()).isEqualTo(3);
    assertThat(told)
        .containsExactly("failed: down 1", "waiting 1 ms", "failed: down 2", "waiting 2 ms");
  }

  @Test
  void givesUpAfterTheLastAttemptWithTheLastFailure() throws InterruptedException {
    AtomicInteger calls = new AtomicInteger();

    Retry.Outcome<String> outcome = Retry.with(QUICK).call(() -> {
      throw new IllegalStateException("down " + calls.incrementAndGet());
    });

    assertThat(outcome.answered()).isFalse();
    assertThat(outcome.attempts()).isEqualTo(4);
    assertThat(outcome.lastFailure()).hasMessage("down 4");
  }

  @Test
  void givesUpInsteadOfWaitingADelayItMayNotWait() throws InterruptedException {
    List<Duration> waits = new ArrayList<>();

    Retry.Outcome<String> outcome = Retry.with(
            new Backoff(Backoff.UNLIMITED, Duration.ofMillis(1), Duration.ofSeconds(30)))
        .waitingOnlyIf(delay -> delay.toMillis() < 4)
        .beforeEachWait((e, delay) -> waits.add(delay))
        .call(() -> {
          throw new IllegalStateException("down");
        });

    assertThat(outcome.attempts()).isEqualTo(3);
    assertThat(waits).containsExactly(Duration.ofMillis(1), Duration.ofMillis(2));
  }

  @Test
  void failureThatIsNotRetryableIsThrownAtOnce() {
    AtomicInteger calls = new AtomicInteger();

    assertThatThrownBy(() -> Retry.with(QUICK)
            .retrying(IllegalStateException.class::isInstance)
            .call(() -> {
              calls.incrementAndGet();
              throw new IllegalArgumentException("bad configuration");
            }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("bad configuration");
    assertThat(calls).hasValue(1);
  }
}
