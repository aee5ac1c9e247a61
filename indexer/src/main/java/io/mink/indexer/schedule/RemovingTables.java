package io.mink.indexer.schedule;

import static java.util.Objects.requireNonNull;

import io.mink.indexer.lifecycle.TableRemoval;
import io.mink.lake.catalog.LakeTables;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.tables.TableStore;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends the removing tables this instance owns: their rounds stop, then the Iceberg table and the entry are deleted.
 * Owning the table's ownership partition means no other instance runs a round of it.
 */
final class RemovingTables {
  private static final Logger LOG = LoggerFactory.getLogger(RemovingTables.class);

  private final OwnedTables tables;
  private final LakeTables lake;
  private final TableStore store;

  RemovingTables(OwnedTables tables, LakeTables lake, TableStore store) {
    this.tables = requireNonNull(tables, "tables is null");
    this.lake = requireNonNull(lake, "lake is null");
    this.store = requireNonNull(store, "store is null");
  }

  /** Finishes the removal of every listed removing table this instance owns; the rest are tried at the next refresh. */
  void finish(List<TableDescriptor> listed) {
    for (TableDescriptor table : tables.owned().ownedOf(listed)) {
      if (table.state() != LifecycleState.REMOVING) {
        continue;
      }
      if (!tables.stopIndexing(table.qualifiedName(), "the table is removing")) {
        continue;
      }
      try {
        if (TableRemoval.finish(table, lake, store)) {
          tables.requestRefresh();
        }
      } catch (RuntimeException e) {
        LOG.warn(
            "Cannot remove table {} yet, trying again at the next refresh: {}",
            table.qualifiedName(),
            e.getMessage());
      }
    }
  }
}
