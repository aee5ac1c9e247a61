package io.mink.cli.operations;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.round.OffsetGap;
import java.util.List;

/**
 * A table {@code mink table resume} let go on.
 *
 * @param table the table's qualified name
 * @param acceptedGaps the gaps accepted as lost; empty when there were none
 * @param recorded whether the entry records the resumption, which the sidecar that owns the table acts on
 */
public record ResumedTable(String table, List<OffsetGap> acceptedGaps, boolean recorded) {
  public ResumedTable {
    requireNonNull(table, "table is null");
    acceptedGaps = List.copyOf(acceptedGaps);
  }
}
