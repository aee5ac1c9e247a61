package io.mink.indexer.stats;

import static java.util.Objects.requireNonNull;

import java.time.Instant;

/**
 * A round that waits for its schema registry: records are never turned raw by an outage, so a registry that is
 * down, or refuses Mink's credentials, holds the table's round until it answers.
 *
 * @param since when the table's rounds began to wait; a round that gives up at its deadline leaves the wait in place
 * @param reason the registry's last answer, such as an HTTP 401
 */
public record RegistryWait(Instant since, String reason) {
  public RegistryWait {
    requireNonNull(since, "since is null");
    requireNonNull(reason, "reason is null");
  }
}
