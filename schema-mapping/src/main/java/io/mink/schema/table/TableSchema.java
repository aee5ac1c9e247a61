package io.mink.schema.table;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import org.apache.iceberg.Schema;
import org.apache.iceberg.TableMetadata;

/**
 * A table's schema as evolution sees it: the current schema, whose id names the columns a type
 * change renames; the last column id, after which new columns are numbered; and the highest schema
 * id, after which new schemas are numbered.
 */
public record TableSchema(Schema schema, int lastColumnId, int highestSchemaId) {
  public TableSchema {
    requireNonNull(schema, "schema is null");
    if (lastColumnId < schema.highestFieldId()) {
      throw new IllegalArgumentException("last column id " + lastColumnId
          + " is below the schema's highest field id " + schema.highestFieldId());
    }
    if (highestSchemaId < schema.schemaId()) {
      throw new IllegalArgumentException("highest schema id " + highestSchemaId
          + " is below the schema's id " + schema.schemaId());
    }
  }

  /** The table's current schema, last column id and highest schema id. */
  public static TableSchema of(TableMetadata metadata) {
    return new TableSchema(
        metadata.schema(),
        metadata.lastColumnId(),
        Collections.max(metadata.schemasById().keySet()));
  }

  /** A table whose only schema is this one. */
  public static TableSchema initial(Schema schema) {
    return new TableSchema(schema, schema.highestFieldId(), schema.schemaId());
  }

  public int schemaId() {
    return schema.schemaId();
  }

  /** The same columns, schema id, last column id and highest schema id. */
  public boolean sameAs(TableSchema other) {
    return schema.sameSchema(other.schema)
        && schema.schemaId() == other.schema.schemaId()
        && lastColumnId == other.lastColumnId
        && highestSchemaId == other.highestSchemaId;
  }
}
