package io.mink.schema.table;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.iceberg.Schema;

/** The table schema after merging a source schema into it, or why it cannot be merged. */
public sealed interface MergeResult {
  /**
   * The merged schema and the changes that make it from the table's; no changes when the source
   * added nothing.
   */
  record Merged(Schema schema, int lastColumnId, List<SchemaChange> changes) implements MergeResult {
    public Merged {
      requireNonNull(schema, "schema is null");
      changes = List.copyOf(changes);
    }

    public boolean changed() {
      return !changes.isEmpty();
    }
  }

  /** The source cannot be merged; its records keep their raw bytes. */
  record Unmergeable(String reason) implements MergeResult {
    public Unmergeable {
      requireNonNull(reason, "reason is null");
    }
  }
}
