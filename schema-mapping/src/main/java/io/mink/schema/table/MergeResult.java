package io.mink.schema.table;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.iceberg.Schema;

/** The table schema after merging a source schema into it, or why it cannot be merged. */
public sealed interface MergeResult {
  /**
   * The merged table schema and the steps that make it from the table's, one Iceberg schema update
   * each, in order; no steps when the source needs no change.
   */
  record Merged(TableSchema table, List<SchemaStep> steps) implements MergeResult {
    public Merged {
      requireNonNull(table, "table is null");
      steps = List.copyOf(steps);
    }

    public Schema schema() {
      return table.schema();
    }

    public boolean changed() {
      return !steps.isEmpty();
    }
  }

  /** The source cannot be merged; its records keep their raw bytes. */
  record Unmergeable(String reason) implements MergeResult {
    public Unmergeable {
      requireNonNull(reason, "reason is null");
    }
  }
}
