package io.mink.lake.commit;

import static java.util.Objects.requireNonNull;

import io.mink.schema.table.SchemaStep;
import io.mink.schema.table.TableSchema;
import java.util.List;

/**
 * The schema changes a round merges, committed in the same transaction as its data, one Iceberg
 * schema update per step.
 *
 * @param from the table's schema when the round started; the commit fails if the table's is no longer this one
 * @param to the schema the round's files were written with, which the steps must produce
 */
public record SchemaEvolution(TableSchema from, List<SchemaStep> steps, TableSchema to) {
  public SchemaEvolution {
    requireNonNull(from, "from is null");
    requireNonNull(to, "to is null");
    steps = List.copyOf(requireNonNull(steps, "steps is null"));
  }
}
