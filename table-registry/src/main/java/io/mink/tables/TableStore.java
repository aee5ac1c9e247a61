package io.mink.tables;

import java.util.List;
import java.util.Optional;

/**
 * The added tables, shared by every sidecar instance and the CLI. Changes are compare-and-set on one
 * table's entry, so two clients that change the same table at once cannot both win.
 */
public interface TableStore extends AutoCloseable {
  /** Every added table in any state, as of now. */
  List<TableDescriptor> list();

  default Optional<TableDescriptor> find(String qualifiedName) {
    return list().stream()
        .filter(table -> table.qualifiedName().equals(qualifiedName))
        .findFirst();
  }

  /**
   * The tables whose entries are of a newer format than this Mink reads: they are not listed, and every change of
   * them is refused until Mink is upgraded.
   */
  default List<NewerEntryFormatException> newerEntries() {
    return List.of();
  }

  /** {@link #list} and {@link #newerEntries} as of one read. */
  default AddedTables added() {
    return new AddedTables(list(), newerEntries());
  }

  /** Records a new table unless one of that name is recorded; false when one was. */
  boolean add(TableDescriptor descriptor);

  /** Replaces {@code expected} by {@code updated} (same name) unless the entry changed meanwhile; false when it did. */
  boolean replace(TableDescriptor expected, TableDescriptor updated);

  /** Deletes the entry unless it changed meanwhile; false when it did (a missing entry counts as deleted). */
  boolean delete(TableDescriptor expected);

  /**
   * Calls {@code onChange} soon after any entry is written, from a thread of the store's, until the returned
   * handle is closed. A store that cannot tell returns a handle that never calls.
   */
  default Subscription subscribe(Runnable onChange) {
    return () -> {};
  }

  /** A subscription to changes; closing it stops the calls. */
  interface Subscription extends AutoCloseable {
    @Override
    void close();
  }

  /** Records the table whatever is recorded under its name. */
  void put(TableDescriptor descriptor);

  @Override
  void close();
}
