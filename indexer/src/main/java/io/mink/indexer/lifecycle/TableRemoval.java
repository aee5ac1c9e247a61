package io.mink.indexer.lifecycle;

import io.mink.lake.catalog.LakeTables;
import io.mink.tables.LifecycleState;
import io.mink.tables.TableDescriptor;
import io.mink.tables.TableStore;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchNamespaceException;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends a removing table once no instance owns it (docs/tables.md, States): drops the Iceberg table with its
 * data and metadata files (unless the removal keeps it), then deletes the entry from the store. Either step may
 * run again after a crash: a table already dropped counts as dropped, and the entry is deleted only if it is still
 * the removing one.
 */
public final class TableRemoval {
  /**
   * The table option {@code mink table remove --keep-table} records: the Iceberg table, its data and metadata stay, and
   * only the entry is deleted.
   */
  public static final String KEEP_TABLE_OPTION = "keep-table";

  private static final Logger LOG = LoggerFactory.getLogger(TableRemoval.class);

  private TableRemoval() {}

  /**
   * Drops the table (unless its options hold {@value #KEEP_TABLE_OPTION}=true) and deletes its entry; false when the
   * entry changed meanwhile (and is left as it is).
   *
   * @throws IllegalArgumentException when the table is not removing
   */
  public static boolean finish(TableDescriptor removing, LakeTables lake, TableStore store) {
    if (removing.state() != LifecycleState.REMOVING) {
      throw new IllegalArgumentException("Table " + removing.qualifiedName() + " is "
          + removing.state().label() + ", not removing: run mink table remove first");
    }
    String dropped = keepsTable(removing)
        ? "kept the Iceberg table"
        : drop(removing, lake)
            ? "dropped the Iceberg table with its data and metadata"
            : "the Iceberg table was already gone";
    boolean deleted = store.delete(removing);
    LOG.info(
        "Removed table {}: {}{}",
        removing.qualifiedName(),
        dropped,
        deleted ? ", deleted its entry" : "; its entry changed meanwhile and stays");
    return deleted;
  }

  /** Whether the removal keeps the Iceberg table: {@code mink table remove --keep-table}. */
  public static boolean keepsTable(TableDescriptor removing) {
    return "true".equals(removing.options().get(KEEP_TABLE_OPTION));
  }

  /** Drops the table with its files; on a local warehouse also the directories they leave empty. */
  private static boolean drop(TableDescriptor removing, LakeTables lake) {
    TableIdentifier identifier = TableIdentifier.of(removing.namespace(), removing.name());
    try {
      String location = lake.load(identifier).location();
      boolean dropped = lake.drop(identifier);
      LocalDirectories.deleteEmpty(location);
      return dropped;
    } catch (NoSuchTableException | NoSuchNamespaceException e) {
      return false;
    }
  }
}
