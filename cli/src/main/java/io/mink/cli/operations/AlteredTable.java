package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

import io.mink.tables.TableDescriptor;
import java.util.List;

/**
 * A table {@code mink table alter} changed, or found with the asked settings already.
 *
 * @param descriptor the table's entry after the change
 * @param changes what changed; empty when nothing did
 */
public record AlteredTable(TableDescriptor descriptor, List<AlterPlan.Change> changes) {
  public AlteredTable {
    requireNonNull(descriptor, "descriptor is null");
    changes = List.copyOf(changes);
  }
}
