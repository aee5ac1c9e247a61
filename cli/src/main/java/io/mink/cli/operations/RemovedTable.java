package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

/**
 * What {@code mink table remove} did.
 *
 * @param gone whether the entry is gone: the removal is over
 * @param finishedHere whether the command dropped the table and deleted the entry itself, as no sidecar did
 */
public record RemovedTable(Removal removal, boolean gone, boolean finishedHere) {
  public RemovedTable {
    requireNonNull(removal, "removal is null");
  }
}
