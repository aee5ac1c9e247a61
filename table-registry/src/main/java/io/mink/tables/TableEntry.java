package io.mink.tables;

import static java.util.Objects.requireNonNull;

/**
 * One table's entry in the tables topic: its descriptor and its revision, which every change of the entry raises
 * by one (1 for a new entry; 0 for an entry written before revisions existed).
 */
record TableEntry(TableDescriptor descriptor, long revision) {
  TableEntry {
    requireNonNull(descriptor, "descriptor is null");
    if (revision < 0) {
      throw new IllegalArgumentException("revision must not be negative, not " + revision);
    }
  }

  /** The entry that replaces {@code current} (null: none) by {@code next}. */
  static TableEntry following(TableEntry current, TableDescriptor next) {
    return new TableEntry(next, current == null ? 1 : current.revision() + 1);
  }
}
