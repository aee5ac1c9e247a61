package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.lifecycle.TableRemoval;
import io.mink.tables.TableDescriptor;

/**
 * A table moved to removing by {@code mink table remove}, or found removing already.
 *
 * @param removing the table's entry in the removing state
 * @param alreadyRemoving whether another removal had moved it there before
 * @param ownersGroup the consumer group of the sidecar instances
 * @param members how many sidecar instances are in that group: none means the command finishes the removal itself
 */
public record Removal(
    TableDescriptor removing, boolean alreadyRemoving, String ownersGroup, int members) {
  public Removal {
    requireNonNull(removing, "removing is null");
    requireNonNull(ownersGroup, "ownersGroup is null");
  }

  /** Whether the Iceberg table stays in the catalog when the entry is gone. */
  public boolean keepsTable() {
    return TableRemoval.keepsTable(removing);
  }
}
