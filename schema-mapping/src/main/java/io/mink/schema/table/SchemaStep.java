package io.mink.schema.table;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.apache.iceberg.UpdateSchema;

/** Schema changes committed as one Iceberg schema update, which makes the schema of this id. */
public record SchemaStep(List<SchemaChange> changes, int schemaId) {
  public SchemaStep {
    changes = List.copyOf(requireNonNull(changes, "changes is null"));
  }

  public void applyTo(UpdateSchema update) {
    changes.forEach(change -> change.applyTo(update));
  }
}
