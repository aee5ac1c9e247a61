package io.mink.lake;

import static java.util.Objects.requireNonNull;

import io.mink.schema.table.SchemaChange;
import java.util.List;
import org.apache.iceberg.Schema;

/**
 * The schema changes a round merges, committed in the same transaction as its data.
 *
 * @param from the table's schema when the round started; the commit fails if the table's is no longer this one
 * @param lastColumnId the table's last column id when the round started
 * @param to the schema the round's files were written with, which the changes must produce
 */
public record SchemaEvolution(Schema from, int lastColumnId, List<SchemaChange> changes, Schema to) {
  public SchemaEvolution {
    requireNonNull(from, "from is null");
    requireNonNull(to, "to is null");
    changes = List.copyOf(requireNonNull(changes, "changes is null"));
  }
}
