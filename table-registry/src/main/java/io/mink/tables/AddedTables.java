package io.mink.tables;

import java.util.List;

/**
 * The added tables and the entries of a newer format than this Mink reads, from one read of the tables topic.
 *
 * @param tables every added table this Mink reads, in any state
 * @param newer the entries left out of {@code tables}, each naming its table and the Mink that reads it
 */
public record AddedTables(List<TableDescriptor> tables, List<NewerEntryFormatException> newer) {
  public AddedTables {
    tables = List.copyOf(tables);
    newer = List.copyOf(newer);
  }
}
