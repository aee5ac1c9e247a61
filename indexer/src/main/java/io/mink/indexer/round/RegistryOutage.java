package io.mink.indexer.round;

import java.time.Duration;

/**
 * How a round waits out an unavailable schema registry: it retries with backoff from 1 s, doubling
 * up to 30 s, until the registry answers or the round must stop. Records are never turned into raw
 * rows by an outage.
 */
final class RegistryOutage {
  private static final Duration FIRST = Duration.ofSeconds(1);
  private static final Duration MAX = Duration.ofSeconds(30);

  private Duration next = FIRST;

  Duration nextWait() {
    Duration wait = next;
    next = next.multipliedBy(2).compareTo(MAX) > 0 ? MAX : next.multipliedBy(2);
    return wait;
  }

  void ended() {
    next = FIRST;
  }
}
