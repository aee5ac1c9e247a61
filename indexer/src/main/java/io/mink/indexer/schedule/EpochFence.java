package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.lake.commit.CommitHook;

/**
 * The commit hook of a scheduled round: right before the catalog swap, after the offsets were checked,
 * it lets the swap happen only if the round's epoch is still the table's current one, and holds off
 * anyone taking the table away until the swap is over. A round whose worker timed out, whose table moved
 * to another instance or was removed, fails with {@link LeaseLostException} and its files are deleted.
 */
final class EpochFence implements CommitHook {
  private final RoundLease lease;
  private final CommitHook next;

  EpochFence(RoundLease lease, CommitHook next) {
    this.lease = requireNonNull(lease, "lease is null");
    this.next = requireNonNull(next, "next is null");
  }

  @Override
  public void aroundCatalogSwap(String table, Runnable swap) {
    lease.swapIfCurrent(() -> next.aroundCatalogSwap(table, swap));
  }
}
