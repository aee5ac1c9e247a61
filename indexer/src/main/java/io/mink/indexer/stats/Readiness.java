package io.mink.indexer.stats;

import java.util.Optional;

/**
 * Whether the sidecar instance is ready to tier, as GET /ready answers: it has joined the ownership group, reached
 * the catalog and read the tables at least once. Asked at every request, so it must answer at once.
 */
@FunctionalInterface
public interface Readiness {
  /** Always ready; for tests. */
  Readiness ALWAYS = Optional::empty;

  /** Why this instance is not ready yet, such as "joining the ownership group"; empty when it is ready. */
  Optional<String> notReadyReason();
}
