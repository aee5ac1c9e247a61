package io.mink.lake.commit;

import static java.util.Objects.requireNonNull;

import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;

/**
 * Table operations that run a check on the metadata a commit is built on right before the catalog
 * swaps it. The catalog swaps only if that metadata is still current, so the check holds at commit
 * time; Iceberg retries on refreshed metadata after a concurrent change, and each retry is checked.
 */
public final class GuardedOperations extends ForwardingTableOperations {
  /** Throws when the commit must not happen on this base. */
  @FunctionalInterface
  public interface Guard {
    void check(TableMetadata base);
  }

  private final Guard guard;

  public GuardedOperations(TableOperations delegate, Guard guard) {
    super(delegate);
    this.guard = requireNonNull(guard, "guard is null");
  }

  @Override
  public void commit(TableMetadata base, TableMetadata metadata) {
    guard.check(base);
    delegate().commit(base, metadata);
  }
}
